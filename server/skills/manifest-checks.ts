import type { ValidationIssue } from '../validation/issue.ts';
import { pointer } from '../../lib/json-pointer.ts';
import { parseSkillUri } from './skill-uri.ts';
import { isObject } from '../engine/json.ts';

/**
 * The static checks of `validate_skill_manifest` ("run static sanity checks", spec §5.7 tool-7):
 * what the JSON Schema cannot say about a manifest. Each check reads the document as `unknown`
 * and skips whatever has the wrong shape (the schema reports that), so no input makes one throw.
 */
export type Finding = ValidationIssue & { severity: 'error' | 'warning' };

type Doc = Record<string, unknown>;

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
function error(path: string, code: string, message: string): Finding {
  return { severity: 'error', path, code, message: `${path}: ${message}` };
}
function warning(path: string, code: string, message: string): Finding {
  return { severity: 'warning', path, code, message: `${path}: ${message}` };
}

/** Each tool `[index, tool]` that is an object, so paths keep the index of the original array. */
function tools(doc: Doc): Array<[number, Doc]> {
  return asArray(doc.requiredTools).flatMap((t, i): Array<[number, Doc]> => (isObject(t) ? [[i, t]] : []));
}

/** Tool names must be unique: an agent can attach only one tool of a name, and workflows bind by name. */
export function checkToolNamesUnique(doc: Doc): Finding[] {
  const firstAt = new Map<string, number>();
  const out: Finding[] = [];
  for (const [i, t] of tools(doc)) {
    if (typeof t.toolName !== 'string') continue;
    const seen = firstAt.get(t.toolName);
    if (seen === undefined) firstAt.set(t.toolName, i);
    else
      out.push(
        error(
          pointer('requiredTools', i, 'toolName'),
          'skill.duplicate_tool_name',
          `tool "${t.toolName}" is already declared at ${pointer('requiredTools', seen)}`,
        ),
      );
  }
  return out;
}

/** `json_schema.name` is the name the LLM calls; it must be the tool's `toolName`. */
export function checkJsonSchemaNames(doc: Doc): Finding[] {
  return tools(doc).flatMap(([i, t]) => {
    const js = t.json_schema;
    if (!isObject(js) || typeof js.name !== 'string' || typeof t.toolName !== 'string' || js.name === t.toolName) return [];
    return [
      error(
        pointer('requiredTools', i, 'json_schema', 'name'),
        'skill.json_schema_name_mismatch',
        `is "${js.name}" but toolName is "${t.toolName}"`,
      ),
    ];
  });
}

/**
 * Every name in `json_schema.parameters.required` — and in the top-level `json_schema.required`,
 * which Letta's tool format also allows — must be a declared parameter: otherwise no call can
 * satisfy the tool's schema.
 */
export function checkRequiredParametersDeclared(doc: Doc): Finding[] {
  return tools(doc).flatMap(([i, t]) => {
    const js = t.json_schema;
    if (!isObject(js) || !isObject(js.parameters)) return [];
    const props = isObject(js.parameters.properties) ? js.parameters.properties : {};
    const lists: Array<[unknown, string[]]> = [
      [js.parameters.required, ['requiredTools', String(i), 'json_schema', 'parameters', 'required']],
      [js.required, ['requiredTools', String(i), 'json_schema', 'required']],
    ];
    return lists.flatMap(([list, at]) =>
      asArray(list).flatMap((name, j) =>
        typeof name === 'string' && !Object.prototype.hasOwnProperty.call(props, name)
          ? [
              error(
                pointer(...at, j),
                'skill.required_parameter_undeclared',
                `required parameter "${name}" is not declared in json_schema.parameters.properties`,
              ),
            ]
          : [],
      ),
    );
  });
}

/** Secrets are injected as environment variables, so each must be a conventional env var name. */
export const SECRET_NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;

export function checkSecretNames(doc: Doc): Finding[] {
  const perms = isObject(doc.permissions) ? doc.permissions : {};
  return asArray(perms.secrets).flatMap((s, k) =>
    typeof s === 'string' && !SECRET_NAME_PATTERN.test(s)
      ? [
          error(
            pointer('permissions', 'secrets', k),
            'skill.secret_name_invalid',
            `"${s}" is not an environment variable name (${SECRET_NAME_PATTERN.source})`,
          ),
        ]
      : [],
  );
}

/**
 * MCP endpoints are reached over HTTP (Streamable HTTP, SSE) or WebSocket; an OpenAPI document is
 * fetched over HTTP. Any other scheme (file:, ftp:, javascript:) cannot be what the skill means.
 */
const URL_SCHEMES: Record<'endpointUrl' | 'openApiSpecUrl', readonly string[]> = {
  endpointUrl: ['http:', 'https:', 'ws:', 'wss:'],
  openApiSpecUrl: ['http:', 'https:'],
};

export function checkEndpointUrls(doc: Doc): Finding[] {
  return tools(doc).flatMap(([i, t]) => {
    const def = t.definition;
    if (!isObject(def) || def.type !== 'mcp_server') return [];
    return (Object.keys(URL_SCHEMES) as Array<keyof typeof URL_SCHEMES>).flatMap((field) => {
      const value = def[field];
      if (typeof value !== 'string') return [];
      const at = pointer('requiredTools', i, 'definition', field);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return [error(at, 'skill.url_invalid', `"${value}" is not a URL`)];
      }
      const allowed = URL_SCHEMES[field];
      return allowed.includes(url.protocol)
        ? []
        : [error(at, 'skill.url_scheme_unsupported', `scheme "${url.protocol}" is not one of ${allowed.join(', ')}`)];
    });
  });
}

/** A skill:// manifestId names the skill and version; it must not contradict skillName/skillVersion. */
export function checkManifestIdAgrees(doc: Doc): Finding[] {
  if (typeof doc.manifestId !== 'string') return [];
  const parts = parseSkillUri(doc.manifestId);
  if (!parts) return [];
  const mismatches: string[] = [];
  if (typeof doc.skillName === 'string' && parts.name !== doc.skillName)
    mismatches.push(`name "${parts.name}" ≠ skillName "${doc.skillName}"`);
  if (typeof doc.skillVersion === 'string' && parts.version !== doc.skillVersion)
    mismatches.push(`version "${parts.version}" ≠ skillVersion "${doc.skillVersion}"`);
  return mismatches.length === 0 ? [] : [error('/manifestId', 'skill.manifest_id_mismatch', mismatches.join('; '))];
}

/** Data sources are attached and detached by id (load_skill/unload_skill), so ids must be unique. */
export function checkDataSourceIdsUnique(doc: Doc): Finding[] {
  const seen = new Set<string>();
  return asArray(doc.requiredDataSources).flatMap((ds, i) => {
    if (!isObject(ds) || typeof ds.dataSourceId !== 'string') return [];
    if (!seen.has(ds.dataSourceId)) {
      seen.add(ds.dataSourceId);
      return [];
    }
    return [
      error(pointer('requiredDataSources', i, 'dataSourceId'), 'skill.duplicate_data_source_id', `"${ds.dataSourceId}" is already used`),
    ];
  });
}

/**
 * Valid but conditional definitions: python_source needs a code sandbox this console does not run;
 * a registered tool works only where the platform tool exists.
 */
export function checkDefinitionsRunnable(doc: Doc): Finding[] {
  return tools(doc).flatMap(([i, t]) => {
    const def = t.definition;
    if (!isObject(def)) return [];
    if (def.type === 'python_source') {
      return [
        warning(
          pointer('requiredTools', i, 'definition'),
          'skill.python_source_not_runnable',
          'python_source tools cannot run without a code sandbox; prefer an mcp_server definition',
        ),
      ];
    }
    if (def.type === 'registered') {
      const id = typeof def.platformToolId === 'string' ? `"${def.platformToolId}"` : 'the platform tool';
      return [
        warning(
          pointer('requiredTools', i, 'definition', 'platformToolId'),
          'skill.platform_tool_required',
          `needs ${id} to be registered on the agent platform`,
        ),
      ];
    }
    return [];
  });
}

/** All static checks, in report order. */
export const STATIC_CHECKS: ReadonlyArray<(doc: Doc) => Finding[]> = [
  checkManifestIdAgrees,
  checkSecretNames,
  checkToolNamesUnique,
  checkJsonSchemaNames,
  checkRequiredParametersDeclared,
  checkEndpointUrls,
  checkDataSourceIdsUnique,
  checkDefinitionsRunnable,
];

export function runStaticChecks(doc: unknown): Finding[] {
  return isObject(doc) ? STATIC_CHECKS.flatMap((check) => check(doc)) : [];
}
