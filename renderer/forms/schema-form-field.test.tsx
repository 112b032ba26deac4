import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../shared/forms/build-form-model';
import { SchemaType as T } from '../../shared/platform/schema-description';
import { LocaleProvider } from '../i18n/i18n';
import { SchemaForm } from './schema-form';

// Issue #32 item 5: the schema form's fields are the renderer's one Field (components/field.tsx), not a
// private copy: the same classes, ids and aria wiring as every other form.
describe('the schema form uses the one Field', () => {
  const model = buildFormModel({
    type: T.Object,
    required: ['postalCode'],
    properties: {
      postalCode: { type: T.String, title: 'Postal code', description: 'Five digits' },
      urgent: { type: T.Boolean, title: 'Urgent' },
    },
  });
  const html = renderToStaticMarkup(
    <LocaleProvider value="en">
      <SchemaForm
        model={model}
        value={{}}
        idPrefix="case"
        messages={{
          byPath: { postalCode: [{ level: 'error', source: 'platform', text: 'Not a postal code' }] },
          general: [],
        }}
        onChange={() => {}}
      />
    </LocaleProvider>,
  );

  it('a field with a description and an error: hint and messages both, each named by the control', () => {
    expect(html).toContain('<div class="field schema-field has-error" data-path="postalCode">');
    expect(html).toMatch(/<input id="case-postalCode"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/aria-describedby="case-postalCode-msg case-postalCode-hint"/);
    expect(html).toMatch(/aria-required="true"/);
    expect(html).toContain('<p class="hint" id="case-postalCode-hint">Five digits</p>');
    expect(html).toMatch(/<ul class="field-messages" id="case-postalCode-msg"[^>]*>.*Not a postal code/);
  });

  it('a checkbox stands before its label', () => {
    expect(html).toMatch(
      /<div class="field schema-field field-inline" data-path="urgent"><input [^>]*type="checkbox"[^>]*\/><label for="case-urgent">Urgent/,
    );
  });
});
