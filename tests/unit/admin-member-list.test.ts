import { describe, expect, it } from "vitest";
import { memberListHref, pageWindow } from "@/lib/admin/member-list";
import type { ListQuery } from "@/lib/admin/validation";

const plain: ListQuery = { q: "", status: "all", pageSize: 30, page: 1 };

describe("memberListHref", () => {
  it("leaves the defaults out, so the plain list is /admin/members", () => {
    expect(memberListHref(plain)).toBe("/admin/members");
    expect(memberListHref({ ...plain, page: 3 }, { page: 1 })).toBe("/admin/members");
  });

  it("keeps the search, filter and page size while changing the page", () => {
    expect(
      memberListHref({ q: "ada lovelace", status: "inactive", pageSize: 50, page: 1 }, { page: 2 }),
    ).toBe("/admin/members?q=ada+lovelace&status=inactive&pageSize=50&page=2");
  });
});

describe("pageWindow", () => {
  it("shows the first, the last and the neighbours of the current page, with gaps between", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageWindow(10, 10)).toEqual([1, "gap", 9, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
