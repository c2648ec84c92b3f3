// Imported first by the mail template tests: the site's origin and support address are read from the
// environment (siteConfig at load, links when written), and snapshots must not depend on a developer's.
process.env.SITE_URL = 'https://trustwell.example';
process.env.SUPPORT_EMAIL = 'support@trustwell.example';

export {};
