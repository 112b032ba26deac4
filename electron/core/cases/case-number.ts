import type { CreateCaseResponse } from '../../../shared/platform/cases';

/**
 * The create-case response has no case-number field in the spec. We read it from `links.self`, using
 * `links.selfTemplate` (`…/case/{caseNumber}`) to find the segment; without a template, the last path
 * segment of `links.self`. The one place of this choice (docs/platform-choices.md, "Cases and events").
 */
export function caseNumberOf(response: Pick<CreateCaseResponse, 'links'>): string | undefined {
  const self = response.links?.self;
  if (!self) return undefined;
  const template = response.links?.selfTemplate;
  if (template && /\{[^}]+\}/.test(template)) {
    const pattern = template
      .split(/(\{[^}]+\})/)
      .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/?#]+)' : escapeRegExp(part)))
      .join('');
    const match = new RegExp(`^${pattern}$`).exec(self);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  const path = (() => {
    try {
      return new URL(self).pathname;
    } catch {
      return self.split(/[?#]/)[0] ?? '';
    }
  })();
  const last = path
    .split('/')
    .filter((s) => s !== '')
    .at(-1);
  return last ? decodeURIComponent(last) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
