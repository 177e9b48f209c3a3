/**
 * Content collections: the legal and policy texts, one Markdown file per text per locale
 * (src/content/legal/<locale>/<name>.md). Every locale has every text (docs/legal.md).
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { glob } from 'astro/loaders';

const legal = defineCollection({
  // Ids as the files are named (`zh-CN/license`): the default would lower-case the locale.
  loader: glob({ pattern: '*/*.md', base: './src/content/legal', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: z.object({
    title: z.string(),
    version: z.string(),
    effective: z.coerce.date(),
    summary: z.string(),
  }),
});

export const collections = { legal };
