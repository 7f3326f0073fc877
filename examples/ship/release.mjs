// Loaded only when `ship release` runs (D7): help, --schema and MCP never import it.
export default function release(ctx) {
  const { build, channel, replicas, canary, tag, dryRun, verify, region, token } = ctx.options;
  const services = ctx.args.services.length > 0 ? ctx.args.services : ['api'];
  const plan = {
    version: build,
    channel,
    services,
    replicas,
    canary: canary ?? null,
    tags: tag ?? [],
    region: region ?? 'default',
    verify,
    authenticated: token !== undefined,
  };
  return dryRun ? { ...plan, dryRun: true } : { ...plan, released: true };
}
