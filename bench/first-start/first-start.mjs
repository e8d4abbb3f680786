// Runs ./scripts/demo in a fresh clone until it has printed the URL and the accounts, stops
// it, then runs the test command in the same clone; prints when each step ("==> ..." lines of
// both scripts) began, and which crates cargo compiled in each script, so the summary shows
// whether the test command rebuilt what the demo had built. Started by run.sh,
// which prepares the clone and the empty caches.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: { clone: { type: 'string' }, tests: { type: 'string', default: '1' } },
});
if (!flags.clone) throw new Error('--clone DIR is required');

const seconds = (ms) => (ms / 1000).toFixed(0).padStart(5);

// CPU time (user + system) of this process's finished children and all they waited for:
// on a shared machine the wall time depends on the other load, this does not.
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces); cutime and cstime are the 16th and 17th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / clockTicks;
}

/**
 * Runs one script of the clone, timing its steps. Resolves when it exits, or when a line
 * matches `until` (then the script is interrupted and awaited, and its stop is not timed).
 */
function runTimed(label, command, { until } = {}) {
  const log = createWriteStream(join(flags.clone, '..', `${label}.log`));
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const steps = [];
  let current = { name: '(before the first step)', began: 0, compiled: [] };
  steps.push(current);
  let reached = null;
  const lastLines = [];
  // A failed test's TAP line and what follows it (its error), so a failure can be named after the clone is gone.
  const failures = [];
  let failureLinesLeft = 0;
  const child = spawn(command, [], { cwd: flags.clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const onLine = (line) => {
    const at = Date.now() - started;
    log.write(`[${seconds(at)} s] ${line}\n`);
    lastLines.push(line);
    if (lastLines.length > 40) lastLines.shift();
    if (/^\s*not ok\b/.test(line)) failureLinesLeft = 25;
    if (failureLinesLeft > 0) {
      failures.push(line);
      failureLinesLeft -= 1;
    }
    // The demo stamps its own lines ("==> [  12 s] web: done in 9 s"); the stamp is dropped here.
    const step = /^==> (?:\[\s*\d+ s\] )?(.*)$/.exec(line);
    if (step) {
      current = { name: step[1], began: at, compiled: [] };
      steps.push(current);
      process.stdout.write(`  [${seconds(at)} s] ${label}: ${step[1]}\n`);
    }
    const compiled = /\bCompiling (\S+) v(\S+)/.exec(line);
    if (compiled) current.compiled.push(`${compiled[1]}@${compiled[2]}`);
    if (until && reached === null && until.test(line)) {
      reached = at;
      process.kill(child.pid, 'SIGINT');
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  return new Promise((resolve) => {
    // Whatever the script left behind in its process group goes with it.
    const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 24 * 3600 * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(killer);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
      const ended = Date.now() - started;
      const total = reached ?? ended;
      steps.forEach((step, index) => {
        step.took = (steps[index + 1]?.began ?? total) - step.began;
      });
      log.end();
      const cpu = childrenCpuSeconds() - cpuBefore;
      resolve({ label, cpu, lastLines, failures, code, signal, reached, total, steps: steps.filter((s) => s.began <= total) });
    });
  });
}

function printSteps(run) {
  process.stdout.write(
    `\n${run.label}: ${seconds(run.total).trim()} s, CPU time of all it ran ${run.cpu.toFixed(0)} s ` +
      `(load average now ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`,
  );
  // Steps may overlap (the demo's and the test command's installs and builds run side by
  // side and say themselves when they are done), so this lists when each step line came and
  // the time to the next one, which is a step's duration only where steps run one by one.
  process.stdout.write(`  ${'at s'.padStart(6)} ${'to next s'.padStart(9)}  step line\n`);
  for (const step of run.steps) {
    if (step.took < 500 && step.began === 0) continue;
    process.stdout.write(`  ${seconds(step.began).padStart(6)} ${seconds(step.took).padStart(9)}  ${step.name}\n`);
  }
}

process.stdout.write('first start: ./scripts/demo until it prints the URL and the accounts\n');
const demo = await runTimed('demo', './scripts/demo', { until: /^Press Ctrl\+C to stop everything/ });
printSteps(demo);
if (demo.reached === null) {
  process.stdout.write(`the demo ended (code ${demo.code}, signal ${demo.signal}) before it was up; its last lines:\n`);
  process.stdout.write(`${demo.lastLines.join('\n')}\n`);
  process.exit(1);
}
const demoCrates = demo.steps.flatMap((step) => step.compiled);
process.stdout.write(`  cargo compiled ${demoCrates.length} crates for the demo\n`);

if (flags.tests === '1') {
  process.stdout.write('\ntest command right after: ./scripts/test\n');
  const tests = await runTimed('test', './scripts/test');
  printSteps(tests);
  if (tests.code !== 0) {
    if (tests.failures.length > 0) process.stdout.write(`its failed tests:\n${tests.failures.join('\n')}\n`);
    process.stdout.write(`its last lines:\n${tests.lastLines.join('\n')}\n`);
  }
  const again = new Set(demoCrates);
  const testCrates = tests.steps.flatMap((step) => step.compiled);
  const recompiled = testCrates.filter((crate) => again.delete(crate));
  process.stdout.write(
    `  exit code ${tests.code}; cargo compiled ${testCrates.length} crates, ` +
      `${recompiled.length} of the demo's ${demoCrates.length} again\n`,
  );
  const fromScratch = recompiled.length * 2 > demoCrates.length;
  process.stdout.write(`Rust workspace rebuilt from scratch by the test command: ${fromScratch ? 'yes' : 'no'}\n`);
  process.stdout.write(`\nSUMMARY first start ${seconds(demo.total).trim()} s (CPU ${demo.cpu.toFixed(0)} s); test command ${seconds(tests.total).trim()} s (CPU ${tests.cpu.toFixed(0)} s, exit ${tests.code}); rebuilt from scratch: ${fromScratch ? 'yes' : 'no'}\n`);
  process.exit(tests.code === 0 ? 0 : 1);
}
process.stdout.write(`\nSUMMARY first start ${seconds(demo.total).trim()} s (CPU ${demo.cpu.toFixed(0)} s)\n`);
