// `tsx bench/write-building.ts FILE [floors] [roomsPerFloor]`: writes the generated bench
// building (generate-building.ts) as a seed file, for the browser benches in scripts/bench,
// which start the built server with SEED_FILE. A file of its own: generate-building.ts is also
// imported by e2e specs, which must not run a CLI.
import { writeFileSync } from 'node:fs';
import { generateBuilding } from '../src/test-support/generate-building.js';

const [file, floors = '20', perFloor = '50'] = process.argv.slice(2);
if (!file) throw new Error('usage: write-building.ts FILE [floors] [roomsPerFloor]');
writeFileSync(file, JSON.stringify(generateBuilding(Number(floors), Number(perFloor))));
