import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

const html = (props: { hint?: string; error?: string }) =>
  renderToStaticMarkup(
    <Field id="claim-id" label="Claim" {...props}>
      {(a) => <input {...a} />}
    </Field>,
  );

describe('Field', () => {
  it('points the control at the hint, or at the error instead of the hint', () => {
    expect(html({ hint: 'digits only' })).toBe(
      '<div class="field"><label for="claim-id">Claim</label><input id="claim-id" aria-describedby="claim-id-hint"/>' +
        '<p class="hint" id="claim-id-hint">digits only</p></div>',
    );
    expect(html({ hint: 'digits only', error: 'not a number' })).toBe(
      '<div class="field has-error"><label for="claim-id">Claim</label>' +
        '<input id="claim-id" aria-invalid="true" aria-describedby="claim-id-error"/>' +
        '<p class="field-error" id="claim-id-error">not a number</p></div>',
    );
  });
  it('without hint or error the control describes nothing', () => {
    expect(html({})).toBe('<div class="field"><label for="claim-id">Claim</label><input id="claim-id"/></div>');
  });
});
