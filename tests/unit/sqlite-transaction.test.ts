import { describe, expect, it } from "vitest";
import { openSqlite, transaction } from "@/lib/state/sqlite";

describe("SQLite transactions (lib/state/sqlite.ts)", () => {
  it("commits what returns, rolls back what throws, at every depth", () => {
    const db = openSqlite(":memory:");
    db.exec("CREATE TABLE t (v INTEGER)");
    const insert = (v: number) => db.prepare("INSERT INTO t VALUES (?)").run(v);
    const failing = (work: () => void) => {
      expect(() =>
        transaction(db, () => {
          work();
          throw new Error("refused");
        }),
      ).toThrow("refused");
    };
    transaction(db, () => {
      insert(1);
      transaction(db, () => {
        insert(2);
        failing(() => insert(3));
      });
      failing(() => insert(4));
    });
    failing(() => insert(5));
    expect(db.isTransaction).toBe(false);
    expect(
      db
        .prepare("SELECT v FROM t ORDER BY v")
        .all()
        .map((row) => row.v),
    ).toEqual([1, 2]);
    db.close();
  });
});
