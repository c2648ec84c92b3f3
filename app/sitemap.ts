import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/config/site';

/** Public, indexable pages only; signed-in areas are excluded here and disallowed in robots.ts. */
export default function sitemap(): MetadataRoute.Sitemap {
  return [
    { url: absoluteUrl('/'), changeFrequency: 'monthly', priority: 0.8 },
    { url: absoluteUrl('/trust'), changeFrequency: 'monthly', priority: 1 },
    { url: absoluteUrl('/join'), changeFrequency: 'yearly', priority: 0.5 },
    { url: absoluteUrl('/login'), changeFrequency: 'yearly', priority: 0.3 },
  ];
}
