'use client';

import { useRouter } from 'next/navigation';
import { UploadDocument, type UploadDocumentProps } from './upload-document';

/** UploadDocument for server-rendered pages: after a successful upload the page's data is reloaded. */
export function RefreshingUpload(props: Omit<UploadDocumentProps, 'onUploaded'>) {
  const router = useRouter();
  return <UploadDocument {...props} onUploaded={() => router.refresh()} />;
}
