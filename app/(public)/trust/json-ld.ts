import type { Faq } from './content';

export interface TrustJsonLdInput {
  url: string;
  siteName: string;
  productName: string;
  description: string;
  /** Normalised decimal string, e.g. "1495.00". */
  fullPrice: string;
  faqs: readonly Faq[];
}

/** schema.org Product (with an Offer at the full price) and FAQPage for the trust landing page. */
export function trustJsonLd(input: TrustJsonLdInput): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: input.productName,
      description: input.description,
      url: input.url,
      brand: { '@type': 'Brand', name: input.siteName },
      offers: {
        '@type': 'Offer',
        url: input.url,
        price: input.fullPrice,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: input.faqs.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    },
  ];
}

/** JSON for a <script type="application/ld+json">; `<` is escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
