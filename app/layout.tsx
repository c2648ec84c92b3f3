import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/shell/site-header';
import { VisitorFooter } from '@/components/shell/visitor-footer';
import { siteConfig } from '@/lib/config/site';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteConfig.baseUrl),
  title: { default: `${siteConfig.name} - Online Living Trust`, template: `%s | ${siteConfig.name}` },
  description: 'Prepare a revocable living trust online with your financial advisor, reviewed by an attorney.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1f4e79' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SiteHeader />
        {children}
        <VisitorFooter />
      </body>
    </html>
  );
}
