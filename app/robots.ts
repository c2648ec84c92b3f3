import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/config/site';

/** Crawlers may read the public pages; signed-in areas and the API are off limits. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: ['/', '/trust'],
      disallow: ['/dashboard', '/client-info', '/settings', '/api', '/new-client', '/logout', '/impersonate', '/billing', '/estatePlan'],
    },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
