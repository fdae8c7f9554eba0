import type { ResourceTemplateHandler } from '../../generated/types.gen.js';

/** Resource template "template": A resource template with parameter substitution */
export const template: ResourceTemplateHandler<'template'> = async (uri, { id }) => ({
  contents: [
    {
      uri: uri.href,
      mimeType: 'application/json',
      text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
    },
  ],
});
