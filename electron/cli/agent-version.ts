// The package's version, inlined by the bundler into the built agent (and read by tsx in development), so
// `intake-agent --version` answers what was installed without reading files at run time.
import packageJson from '../../package.json' with { type: 'json' };

export const AGENT_VERSION: string = packageJson.version;
