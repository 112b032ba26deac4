/** All benchmarks: npm run bench [-- --quick]. Prints a markdown table for docs/benchmarks.md. */
import { agentStartupBench } from './agent-startup';
import { captureBench } from './capture';
import { detectionBench } from './detection';
import { largeFileBench } from './large-file';
import { ocrBench } from './ocr';
import { suggestionsOnArrivalBench } from './suggestions-on-arrival';
import { queueScaleBench } from './queue-scale';
import { throughputBench } from './throughput';
import { printFigures } from './bench-support';
import type { Figure } from './bench-support';

const quick = process.argv.includes('--quick');
const all: Figure[] = [];
for (const bench of [
  agentStartupBench,
  queueScaleBench,
  detectionBench,
  throughputBench,
  largeFileBench,
  captureBench,
  ocrBench,
  suggestionsOnArrivalBench,
]) {
  const figures = await bench(quick);
  printFigures(figures);
  all.push(...figures);
}
console.log('\n| figure | target | result | command |\n|---|---|---|---|');
printFigures(all);
console.log(`\nreproduce: npm run bench${quick ? ' -- --quick' : ''}`);
process.exit(0);
