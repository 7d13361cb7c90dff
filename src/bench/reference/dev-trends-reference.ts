/**
 * The trend cells of the ORIGINAL eBird S&T trends Parquet, read with native DuckDB
 * (@duckdb/node-api), as raw rows for dev-reference.py: it puts each trend cell in the part of the
 * status cell nearest its centre (or near a town by its own centre) and computes the statistics in
 * numpy. Nothing here goes through Perch's pipeline or engine.
 *
 * usage: npx tsx src/bench/reference/dev-trends-reference.ts [trends_dir] > cells.json (dev-reference.py runs it)
 */
import { resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const DIR = resolve(process.argv[2] ?? '../shared/data/ebirdst-example/2022-yebsap-example-trends');
const TRENDS = `${DIR}/yebsap-example_breeding_ebird-trends_2022.parquet`;

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const rows = (
  await connection.runAndReadAll(
    `SELECT srd_id, longitude, latitude, abd, abd_ppy, start_year, end_year FROM read_parquet('${TRENDS}') ORDER BY srd_id`,
  )
).getRowObjectsJS();
const cells = rows.map((row) => ({
  srd_id: Number(row.srd_id),
  lon: Number(row.longitude),
  lat: Number(row.latitude),
  abd: Number(row.abd),
  abd_ppy: Number(row.abd_ppy),
  start_year: Number(row.start_year),
  end_year: Number(row.end_year),
}));
console.log(JSON.stringify({ about: 'Trend cells of the original trends Parquet (native DuckDB).', cells }));
connection.closeSync();
