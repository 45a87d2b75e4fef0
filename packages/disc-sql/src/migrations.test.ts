import { splitStatements } from './migrations';

describe('splitStatements', () => {
  it('splits statements and drops comment lines', () => {
    expect(splitStatements('-- a; comment\nCREATE TABLE a (x int);\n\nCREATE TABLE b (y int);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE TABLE b (y int)',
    ]);
  });
});
