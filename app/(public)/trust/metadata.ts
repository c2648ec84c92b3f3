import type { Metadata } from 'next';
import { formatUsd, trustPrices } from '@/lib/config/pricing';
import { absoluteUrl, siteConfig } from '@/lib/config/site';

const full = formatUsd(trustPrices.full);
const discounted = formatUsd(trustPrices.discounted);
const title = `Revocable Living Trust Online, Attorney Reviewed | ${siteConfig.name}`;

/** The texts search engines and link previews read; the JSON-LD reuses them. */
export const trustMetadataText = {
  url: absoluteUrl('/trust'),
  siteName: siteConfig.name,
  title,
  description:
    `Create your revocable living trust online for ${full}: seven documents including a pour-over will, ` +
    `living will and power of attorney, reviewed by an attorney team. Referred by a financial advisor? Pay ${discounted}.`,
};

export const trustMetadata: Metadata = {
  title: { absolute: title },
  description: trustMetadataText.description,
  alternates: { canonical: trustMetadataText.url },
  openGraph: {
    type: 'website',
    url: trustMetadataText.url,
    siteName: siteConfig.name,
    title,
    description: trustMetadataText.description,
    locale: 'en_US',
  },
  twitter: { card: 'summary', title, description: trustMetadataText.description },
};
