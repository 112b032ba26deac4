import { useState } from 'react';
import type { ReactNode } from 'react';
import type {
  ArrayNode,
  BooleanNode,
  ChoiceNode,
  EnumNode,
  FormModel,
  FormNode,
  NumberNode,
  ObjectNode,
  StringNode,
  UnsupportedNode,
} from '../../shared/forms/form-model';
import { childPath } from '../../shared/forms/form-paths';
import type { PathSegment } from '../../shared/forms/form-paths';
import { initialOf } from '../../shared/forms/form-value';
import { jsonEqual } from '../../shared/forms/merge-all-of';
import { Field } from '../components/field';
import type { FieldA11y } from '../components/field';
import { useCatalog, useLocale } from '../i18n/i18n';
import type { Translate } from '../i18n/i18n';
import { fieldDomId } from './field-messages';
import { datePattern, formatLocaleDate, formatLocaleNumber, parseLocaleDate, parseLocaleNumber } from './locale-input';
import type { FieldMessage, FormMessages } from './field-messages';
import { formErrorKey, schemaFormMessages } from './schema-form-messages';
import type { SchemaFormKey } from './schema-form-messages';
import './schema-form.css';

export interface SchemaFormProps {
  model: FormModel;
  value: unknown;
  messages: FormMessages;
  /** Prefix of every DOM id, so two forms on one page do not clash. */
  idPrefix: string;
  disabled?: boolean;
  onChange(path: PathSegment[], value: unknown): void;
}

interface EditorProps {
  node: FormNode;
  value: unknown;
  segments: PathSegment[];
  path: string;
  form: SchemaFormProps;
  t: Translate<SchemaFormKey>;
  /** Overrides the node's label (array items have none of their own). */
  label?: string;
}

/** One editor per form-model node, recursive; nothing of the model is left out (unsupported parts are shown read-only). */
export function SchemaForm(props: SchemaFormProps) {
  const t = useCatalog(schemaFormMessages);
  return (
    <div className="schema-form" data-testid="schema-form">
      <p className="hint">{t('form.requiredNote')}</p>
      <NodeEditor node={props.model.root} value={props.value} segments={[]} path="" form={props} t={t} />
    </div>
  );
}

function NodeEditor(props: EditorProps) {
  const { node } = props;
  if (node.readOnly) return <ReadOnlyField {...props} />;
  switch (node.kind) {
    case 'object':
      return <ObjectEditor {...props} node={node} />;
    case 'array':
      return <ArrayEditor {...props} node={node} />;
    case 'choice':
      return <ChoiceEditor {...props} node={node} />;
    case 'unsupported':
      return <UnsupportedField {...props} node={node} />;
    case 'string':
      return <StringEditor {...props} node={node} />;
    case 'number':
      return <NumberEditor {...props} node={node} />;
    case 'boolean':
      return <BooleanEditor {...props} node={node} />;
    case 'enum':
      return <EnumEditor {...props} node={node} />;
  }
}

function labelOf(props: EditorProps): string {
  return props.label ?? props.node.label;
}

/**
 * The mark on a text shown as the platform sent it, because no wording in the clerk's language is known
 * for it (renderer/forms/schema-wording.ts): never mixed in silently.
 */
export function PlatformWordingMark(props: { t: Translate<SchemaFormKey> }) {
  return (
    <span className="platform-wording" title={props.t('form.platformWordingHint')} data-testid="platform-wording">
      {props.t('form.platformWording')}
    </span>
  );
}

/** The label, and the mark when it is the platform's own wording (an overriding label is ours). */
function LabelText(props: EditorProps) {
  return (
    <>
      {labelOf(props)}
      {props.label === undefined && props.node.platformWording && (
        <>
          {' '}
          <PlatformWordingMark t={props.t} />
        </>
      )}
    </>
  );
}

/** A description, marked when it is the platform's own wording. */
function Description(props: { node: FormNode; t: Translate<SchemaFormKey> }) {
  return (
    <>
      {props.node.description}
      {props.node.platformDescription && (
        <>
          {' '}
          <PlatformWordingMark t={props.t} />
        </>
      )}
    </>
  );
}

function RequiredMark(props: { required: boolean; t: EditorProps['t'] }) {
  if (!props.required) return null;
  return (
    <span className="required-mark" title={props.t('form.required')} aria-hidden="true">
      *
    </span>
  );
}

/** Messages of one path; returns the ids to name in aria-describedby. */
function Messages(props: { id: string; messages: FieldMessage[] | undefined; t: EditorProps['t'] }) {
  if (!props.messages?.length) return null;
  return (
    <ul className="field-messages" id={props.id} data-testid="field-messages">
      {props.messages.map((m, i) => (
        <li key={i} className={m.level === 'error' ? 'field-error' : 'field-warning'} data-level={m.level}>
          {m.level === 'warning' && <strong>{props.t('form.warning')}: </strong>}
          {m.source === 'form' ? props.t(formErrorKey(m.code, m.params), m.params) : m.text}
        </li>
      ))}
    </ul>
  );
}

/** Label, input (via render prop with its a11y attributes), description and messages of one leaf field. */
function SchemaField(props: EditorProps & { children(a11y: FieldA11y): ReactNode; inline?: boolean }) {
  const id = fieldDomId(props.form.idPrefix, props.path);
  const messages = props.form.messages.byPath[props.path];
  return (
    <Field
      id={id}
      className="schema-field"
      path={props.path}
      label={
        <>
          <LabelText {...props} />
          <RequiredMark required={props.node.required} t={props.t} />
        </>
      }
      hint={props.node.description ? <Description node={props.node} t={props.t} /> : undefined}
      messages={messages?.length ? <Messages id={`${id}-msg`} messages={messages} t={props.t} /> : undefined}
      invalid={messages?.some((m) => m.level === 'error') ?? false}
      required={props.node.required}
      disabled={props.form.disabled ?? false}
      {...(props.inline ? { inline: true } : {})}
    >
      {props.children}
    </Field>
  );
}

function change(props: EditorProps, value: unknown): void {
  props.form.onChange(props.segments, value);
}

function StringEditor(props: EditorProps & { node: StringNode }) {
  const { node } = props;
  if (node.format === 'date') return <DateEditor {...props} />;
  const text = typeof props.value === 'string' ? props.value : '';
  // An emptied optional field is "not given", not "" (which could fail minLength or a pattern).
  const onText = (v: string) => change(props, v === '' ? (node.nullable && node.required ? null : undefined) : v);
  // Long free text (a damage description) gets room; an e-mail address of 254 does not.
  const long = (node.maxLength ?? 0) > 500;
  const type = node.format === 'email' ? 'email' : node.format === 'uri' ? 'url' : 'text';
  return (
    <SchemaField {...props}>
      {(a11y) =>
        long ? (
          <textarea
            {...a11y}
            rows={3}
            value={text}
            maxLength={node.maxLength}
            onChange={(e) => onText(e.target.value)}
          />
        ) : (
          <input
            {...a11y}
            type={type}
            value={text}
            maxLength={node.maxLength}
            placeholder={node.format === 'date-time' ? 'YYYY-MM-DDThh:mm:ssZ' : undefined}
            onChange={(e) => onText(e.target.value)}
          />
        )
      }
    </SchemaField>
  );
}

/**
 * A date typed in the app's language (German dd.mm.yyyy), kept as an ISO date. Not <input type=date>:
 * Chromium writes that in the browser's language, not the app's. What is not a date yet stays as typed
 * (the form's check then says so at the field).
 */
function DateEditor(props: EditorProps & { node: StringNode }) {
  const { node } = props;
  const locale = useLocale();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const shown = draft ?? (typeof props.value === 'string' ? formatLocaleDate(props.value, locale) : '');
  return (
    <SchemaField {...props}>
      {(a11y) => (
        <input
          {...a11y}
          type="text"
          inputMode="numeric"
          placeholder={datePattern(locale)}
          value={shown}
          onChange={(e) => {
            const raw = e.target.value;
            const parsed = parseLocaleDate(raw, locale);
            setDraft(raw);
            change(
              props,
              parsed === undefined
                ? node.nullable && node.required
                  ? null
                  : undefined
                : parsed === 'invalid'
                  ? raw
                  : parsed,
            );
          }}
          onBlur={() => {
            if (parseLocaleDate(draft ?? '', locale) !== 'invalid') setDraft(undefined);
          }}
        />
      )}
    </SchemaField>
  );
}

/**
 * A number typed in the app's language ("1200,50" in German is 1200.5). What is not a number (yet) stays
 * as typed, so typing is not interrupted and the form's check says so at the field.
 */
function NumberEditor(props: EditorProps & { node: NumberNode }) {
  const { node } = props;
  const locale = useLocale();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // What the clerk typed stays as typed ("1.200,50", issue #31 item 8) while it still means the form's value;
  // a value set from elsewhere (a chosen policy) is written in the locale's form.
  const typed = draft !== undefined ? parseLocaleNumber(draft, locale) : undefined;
  const current = typeof props.value === 'number' ? props.value : undefined;
  const keepTyped = draft !== undefined && (typed === 'invalid' ? props.value === draft : typed === current);
  const shown =
    (keepTyped ? draft : undefined) ??
    (typeof props.value === 'number'
      ? formatLocaleNumber(props.value, locale)
      : typeof props.value === 'string'
        ? props.value
        : '');
  return (
    <SchemaField {...props}>
      {(a11y) => (
        <input
          {...a11y}
          type="text"
          inputMode={node.integer ? 'numeric' : 'decimal'}
          value={shown}
          onChange={(e) => {
            const raw = e.target.value;
            const parsed = parseLocaleNumber(raw, locale);
            setDraft(raw);
            change(props, parsed === 'invalid' ? raw : parsed);
          }}
        />
      )}
    </SchemaField>
  );
}

function BooleanEditor(props: EditorProps & { node: BooleanNode }) {
  return (
    <SchemaField {...props} inline>
      {(a11y) => (
        <input
          {...a11y}
          type="checkbox"
          checked={props.value === true}
          onChange={(e) => change(props, e.target.checked)}
        />
      )}
    </SchemaField>
  );
}

function EnumEditor(props: EditorProps & { node: EnumNode }) {
  const { node } = props;
  // Option values may be numbers or booleans: the <select> carries the index.
  const index = node.options.findIndex((o) => jsonEqual(o.value, props.value));
  return (
    <SchemaField {...props}>
      {(a11y) => (
        <select
          {...a11y}
          value={index < 0 ? '' : String(index)}
          onChange={(e) =>
            change(props, e.target.value === '' ? undefined : node.options[Number(e.target.value)]?.value)
          }
        >
          <option value="">{props.t('form.choose')}</option>
          {node.options.map((o, i) => (
            // An <option> holds text only: the mark is said in words after the platform's value.
            <option key={i} value={String(i)} data-platform-wording={o.platformWording}>
              {o.platformWording ? `${o.label} (${props.t('form.platformWording')})` : o.label}
            </option>
          ))}
        </select>
      )}
    </SchemaField>
  );
}

/** Legend, description and messages of a group (object, array, choice). */
function Group(props: EditorProps & { children: ReactNode; actions?: ReactNode }) {
  const id = fieldDomId(props.form.idPrefix, props.path);
  const messages = props.form.messages.byPath[props.path];
  const describedBy =
    [messages?.length ? `${id}-msg` : '', props.node.description ? `${id}-desc` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <fieldset
      className={`schema-group schema-${props.node.kind}`}
      data-path={props.path}
      aria-describedby={describedBy}
      aria-invalid={messages?.some((m) => m.level === 'error') ? true : undefined}
    >
      <legend>
        <LabelText {...props} />
        <RequiredMark required={props.node.required} t={props.t} />
      </legend>
      {props.node.description && (
        <p className="hint" id={`${id}-desc`}>
          <Description node={props.node} t={props.t} />
        </p>
      )}
      <Messages id={`${id}-msg`} messages={messages} t={props.t} />
      {props.children}
      {props.actions}
    </fieldset>
  );
}

function ObjectEditor(props: EditorProps & { node: ObjectNode }) {
  const record =
    props.value !== null && typeof props.value === 'object' && !Array.isArray(props.value)
      ? (props.value as Record<string, unknown>)
      : {};
  const children = props.node.properties.map((child) => (
    <NodeEditor
      key={child.name}
      node={child}
      value={record[child.name]}
      segments={[...props.segments, child.name]}
      path={childPath(props.path, child.name)}
      form={props.form}
      t={props.t}
    />
  ));
  // The root needs no frame: the screen's heading names it. Its messages still show.
  if (props.path === '') {
    return (
      <div className="schema-root">
        <Messages
          id={`${fieldDomId(props.form.idPrefix, '')}-msg`}
          messages={props.form.messages.byPath['']}
          t={props.t}
        />
        {children}
      </div>
    );
  }
  return <Group {...props}>{children}</Group>;
}

function ArrayEditor(props: EditorProps & { node: ArrayNode }) {
  const { node } = props;
  const items = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const itemLabel = node.item.label && node.item.label !== '' ? node.item.label : labelOf(props);
  const full = node.maxItems !== undefined && items.length >= node.maxItems;
  const atMin = node.minItems !== undefined && items.length <= node.minItems;
  const add = () => change(props, [...items, initialOf(node.item) ?? (node.item.kind === 'object' ? {} : undefined)]);
  const remove = (i: number) => {
    const next = items.filter((_, j) => j !== i);
    change(props, next.length === 0 && !node.required ? undefined : next);
  };
  return (
    <Group
      {...props}
      actions={
        <button
          type="button"
          className="button button-small"
          disabled={full || props.form.disabled}
          onClick={add}
          data-testid={`add-${props.path}`}
        >
          {props.t('form.addItem', { label: itemLabel })}
        </button>
      }
    >
      {items.length === 0 && <p className="muted">{props.t('form.noItems')}</p>}
      <ol className="schema-items">
        {items.map((item, i) => (
          <li key={i} className="schema-item">
            <NodeEditor
              node={node.item}
              value={item}
              segments={[...props.segments, i]}
              path={childPath(props.path, i)}
              form={props.form}
              t={props.t}
              label={props.t('form.item', { label: itemLabel, index: i + 1 })}
            />
            <button
              type="button"
              className="button button-small"
              disabled={atMin || props.form.disabled}
              onClick={() => remove(i)}
            >
              {props.t('form.removeItem', { label: itemLabel, index: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
    </Group>
  );
}

function ChoiceEditor(props: EditorProps & { node: ChoiceNode }) {
  const { node } = props;
  const [chosen, setChosen] = useState(0);
  const option = node.options[chosen];
  const selectId = `${fieldDomId(props.form.idPrefix, props.path)}-variant`;
  return (
    <Group {...props}>
      <div className="field">
        <label htmlFor={selectId}>{props.t('form.variant')}</label>
        <select
          id={selectId}
          value={String(chosen)}
          disabled={props.form.disabled}
          onChange={(e) => {
            const i = Number(e.target.value);
            setChosen(i);
            const next = node.options[i];
            change(props, next ? initialOf(next) : undefined);
          }}
        >
          {node.options.map((o, i) => (
            <option key={i} value={String(i)}>
              {o.label && o.label !== node.label ? o.label : props.t('form.variantN', { index: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      {option && (
        <NodeEditor
          node={option}
          value={props.value}
          segments={props.segments}
          path={props.path}
          form={props.form}
          t={props.t}
          label={labelOf(props)}
        />
      )}
    </Group>
  );
}

function showValue(value: unknown): string {
  if (value === undefined) return '–';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ReadOnlyField(props: EditorProps) {
  const id = fieldDomId(props.form.idPrefix, props.path);
  return (
    <div className="field schema-field schema-readonly" data-path={props.path}>
      <span className="field-label" id={`${id}-label`}>
        <LabelText {...props} />
      </span>
      <output aria-labelledby={`${id}-label`} className="readonly-value">
        {props.value === undefined ? props.t('form.readOnly') : showValue(props.value)}
      </output>
      <Messages id={`${id}-msg`} messages={props.form.messages.byPath[props.path]} t={props.t} />
    </div>
  );
}

function UnsupportedField(props: EditorProps & { node: UnsupportedNode }) {
  const { node } = props;
  const id = fieldDomId(props.form.idPrefix, props.path);
  const hint =
    node.fixedValue !== undefined
      ? props.t('form.unsupportedFixed', { value: showValue(node.fixedValue) })
      : props.t('form.unsupportedNone');
  return (
    <div
      className="field schema-field schema-unsupported"
      data-path={props.path}
      data-testid="schema-unsupported"
      data-reason={node.reason}
    >
      <span className="field-label" id={`${id}-label`}>
        <LabelText {...props} />
        <RequiredMark required={node.required} t={props.t} />
      </span>
      <p className="unsupported-text" aria-labelledby={`${id}-label`}>
        <strong>{props.t(`unsupported.${node.reason}`)}</strong> (<code>{node.construct}</code>).{' '}
        {props.t('form.unsupported', { hint })}
      </p>
      <details>
        <summary>{props.t('form.rawSchema')}</summary>
        <pre className="raw-schema">{JSON.stringify(node.raw, null, 2)}</pre>
      </details>
      <Messages id={`${id}-msg`} messages={props.form.messages.byPath[props.path]} t={props.t} />
    </div>
  );
}
