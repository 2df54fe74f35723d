import { aRole, roles } from '../../common/people/people';
import { UsageError } from './cli-error';
import { oneOf } from './choice-option';
import { defineCommand, type CommandContext, type OptionSpecs } from './commands';
import { formatTable } from './format-table';

/** Each subcommand's usage; the first line is the summary `rwb --help` lists. */
const usages = [
  'rwb people add|list|role|revoke ...',
  '  rwb people add NAME [--role auditor|researcher|admin] [--url BASE] [--db FILE]',
  '  rwb people list [--db FILE]',
  '  rwb people role NAME --role auditor|researcher|admin [--db FILE]',
  '  rwb people revoke NAME [--db FILE]',
];

const options = { role: { type: 'string' }, url: { type: 'string' } } as const satisfies OptionSpecs;

/** Where serve mode listens when the team's box runs it as the README's set-up does; `--url` names another (a proxy's). */
const defaultBase = 'http://127.0.0.1:8765';

function nameOf(args: string[], sub: string): string {
  const [name, ...rest] = args;
  if (name === undefined || rest.length > 0) throw new UsageError(`people ${sub} needs one NAME`);
  return name;
}

const subcommands: Record<string, (ctx: CommandContext<typeof options>, args: string[]) => Promise<void>> = {
  async add(ctx, args) {
    const role = oneOf(ctx.values.role, roles, 'role') ?? 'auditor';
    const base = (ctx.values.url ?? defaultBase).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+/.test(base)) throw new UsageError(`--url must be an http:// or https:// address, not "${base}"`);
    const added = await (await ctx.core()).invoke('people.add', { name: nameOf(args, 'add'), role });
    const link = `${base}/?token=${added.token}`;
    if (ctx.json) return ctx.out(`${JSON.stringify({ name: added.name, role: added.role, link }, null, 2)}\n`);
    process.stderr.write(`${added.name} (${added.role}) signs in with this link; it is shown once, give it to them only:\n`);
    ctx.out(`${link}\n`);
  },

  async list(ctx) {
    const people = await (await ctx.core()).invoke('people.list', {});
    if (ctx.json) return ctx.out(`${JSON.stringify(people, null, 2)}\n`);
    const rows = people.map((p) => [p.name, p.role, p.hasLink ? 'yes' : 'no', p.createdAt, p.progress.map((s) => `${s.schema} ${s.done}`).join(', ')]);
    ctx.out(`${formatTable([['name', 'role', 'link', 'added', 'labelled'], ...rows])}\n`);
  },

  async role(ctx, args) {
    const role = oneOf(ctx.values.role, roles, 'role');
    if (role === undefined) throw new UsageError('people role needs --role auditor|researcher|admin');
    const person = await (await ctx.core()).invoke('people.setRole', { name: nameOf(args, 'role'), role });
    ctx.out(`${person.name} is now ${aRole(person.role)}, from their next request\n`);
  },

  async revoke(ctx, args) {
    const person = await (await ctx.core()).invoke('people.revoke', { name: nameOf(args, 'revoke') });
    ctx.out(`${person.name}'s link no longer signs in; their labels stay theirs\n`);
  },
};

/** `rwb people`: the team of a serve-mode workbench, each with a sign-in link of their own. */
export const peopleCommand = defineCommand({
  usage: usages[0]!,
  summary: 'the people of a corpus: add one (prints their sign-in link), list them, change a role, revoke a link',
  options,
  async run(ctx) {
    const [name, ...args] = ctx.positionals;
    const sub = name === undefined ? undefined : subcommands[name];
    if (!sub) throw new UsageError(`people needs a subcommand:\n${usages.slice(1).join('\n')}`);
    await sub(ctx, args);
  },
});
