#!/usr/bin/env python3
"""Opens dependency maps' dependencies.html in Chromium, driven by Playwright, and checks them.

For each map folder (dependencies.html beside dependencies.json):
  - the page loads with no console error, no uncaught exception and no request for a file;
  - the summary, the hidden dependencies, the shared instances table, the matrix and the graph
    show the counts dependencies.json gives;
  - filtering by test, by shared instance and by view shows the counts recomputed from
    dependencies.json for that filter;
  - timings: the load, each interaction, and the longest task the page ran; a folder marked
    `:large` must load within LOAD_BUDGET and answer each interaction within STEP_BUDGET, with
    no task longer than TASK_BUDGET (the page stays responsive).

    check-map-in-browser.py --chromium PATH FOLDER[:large]...
"""

import argparse
import json
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

LOAD_BUDGET = 3.0  # seconds from navigation to a drawn page
STEP_BUDGET = 1.5  # seconds from an interaction to the page drawn again
TASK_BUDGET = 1.0  # seconds: the longest the page may keep the main thread busy

KINDS = {
    "real": {"reads the real instance"},
    "set": {"sets"},
    "override": {"overrides", "reads the override", "reads the test default"},
    "reset": {"resets"},
}
VIEWS = ["real", "set", "override", "reset"]
JSON_VIEWS = {"real": "readForRealBy", "set": "setBy", "override": "overriddenBy"}


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def path_of(test):
    return f"{test['suite']}/{test['name']}" if test["suite"] else test["name"]


def expected_counts(data, test_query="", box_query="", views=VIEWS):
    """Per box (type, declaredAt): how many shown tests fall in each view, as the page counts.

    A box is shown when it matches the box filter and a test matching the test filter touched
    it in one of `views`."""
    counts = {}
    for test in data["tests"]:
        if test_query.lower() not in path_of(test).lower():
            continue
        for dependency in test["dependencies"]:
            key = (dependency["box"], dependency["declaredAt"])
            if box_query.lower() not in f"{key[0]} {key[1]}".lower():
                continue
            count = counts.setdefault(key, {view: 0 for view in VIEWS + ["any"]})
            kinds = set(dependency["kinds"])
            for view in VIEWS:
                if kinds & KINDS[view]:
                    count[view] += 1
            if any(kinds & KINDS[view] for view in views):
                count["any"] += 1
    return {key: count for key, count in counts.items() if count["any"] > 0}


def shown_tests(data, test_query="", box_query="", views=VIEWS):
    shown = set()
    for test in data["tests"]:
        if test_query.lower() not in path_of(test).lower():
            continue
        for dependency in test["dependencies"]:
            box = f"{dependency['box']} {dependency['declaredAt']}".lower()
            if box_query.lower() in box and any(set(dependency["kinds"]) & KINDS[v] for v in views):
                shown.add(path_of(test))
    return shown


class Page:
    """One page in the browser, with the errors it reported and how long each step took."""

    def __init__(self, browser, html, large):
        self.large = large
        self.errors = []
        self.timings = []
        self.page = browser.new_page(viewport={"width": 1400, "height": 1000})
        self.page.on(
            "console",
            lambda m: self.errors.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "assert")
            else None,
        )
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        self.page.on("request", self.request)
        self.page.on("requestfailed", lambda r: self.errors.append(f"request failed: {r.url}"))
        # Every task longer than 50 ms, from the first script on.
        self.page.add_init_script(
            "window.longTasks = [];"
            "new PerformanceObserver((list) => { for (const e of list.getEntries())"
            " window.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });"
        )
        self.url = html.resolve().as_uri()
        start = time.perf_counter()
        self.page.goto(self.url)
        self.page.wait_for_function("window.mapReady === true", timeout=30_000)
        self.step("load", time.perf_counter() - start, LOAD_BUDGET)

    def request(self, request):
        if request.url != self.url:
            self.errors.append(f"the page asked for another file: {request.url}")

    def step(self, name, seconds, budget):
        self.timings.append((name, seconds))
        if self.large:
            check(seconds <= budget, f"{name} took {seconds:.2f} s (budget {budget} s)")

    def renders(self):
        return int(self.page.evaluate("document.documentElement.dataset.renders"))

    def act(self, name, action):
        """Runs `action` and waits until the page has drawn itself again."""
        before = self.renders()
        start = time.perf_counter()
        action()
        self.page.wait_for_function(
            f"Number(document.documentElement.dataset.renders) > {before}", timeout=30_000
        )
        self.step(name, time.perf_counter() - start, STEP_BUDGET)

    def tab(self, name):
        self.act(f"open the {name} tab", lambda: self.page.click(f'[data-tab="{name}"]'))

    def table(self):
        return self.page.evaluate(
            """() => [...document.querySelectorAll('#boxes-table tbody tr[data-box]')].map((tr) => {
                 const row = { box: tr.querySelector('code.box').textContent,
                               at: tr.querySelector('td.at').textContent };
                 for (const td of tr.querySelectorAll('td[data-view]'))
                   row[td.dataset.view] = Number(td.textContent);
                 return row;
               })"""
        )

    def longest_task(self):
        return max(self.page.evaluate("window.longTasks"), default=0) / 1000


def check_table(page, data, test_query="", box_query="", views=VIEWS, what="all tests"):
    expected = expected_counts(data, test_query, box_query, views)
    rows = page.table()
    check(
        len(rows) == len(expected),
        f"{what}: the table shows {len(rows)} shared instances, dependencies.json gives "
        f"{len(expected)}",
    )
    for row in rows:
        count = expected.get((row["box"], row["at"]))
        check(count is not None, f"{what}: the table shows {row['box']}, which it should not")
        for view in views:
            check(
                row.get(view) == count[view],
                f"{what}: {row['box']} {view}: the page shows {row.get(view)}, "
                f"dependencies.json gives {count[view]}",
            )
        for view in set(VIEWS) - set(views):
            check(view not in row, f"{what}: the unchecked view {view} still has a column")
    shown = int(page.page.get_attribute("#shown", "data-tests"))
    tests = shown_tests(data, test_query, box_query, views)
    check(shown == len(tests), f"{what}: the page shows {shown} tests, expected {len(tests)}")
    return len(rows)


def check_map(browser, folder, large):
    data = json.loads((folder / "dependencies.json").read_text())
    page = Page(browser, folder / "dependencies.html", large)
    p = page.page

    # The summary and the views, unfiltered, against the boxes' lists in dependencies.json.
    boxes = {(b["box"], b["declaredAt"]): b for b in data["boxes"]}
    hidden = [b for b in data["boxes"] if b["readForRealBy"]]
    readers = {path_of(t) for t in data["tests"]
               if any("reads the real instance" in d["kinds"] for d in t["dependencies"])}
    summary = {
        "count-tests": len(data["tests"]),
        "count-suites": len({t["suite"] for t in data["tests"]}),
        "count-boxes": len(data["boxes"]),
        "count-hidden": len(hidden),
        "count-hidden-tests": len(readers),
    }
    for element, value in summary.items():
        shown = int(p.text_content(f"#{element}"))
        check(shown == value, f"#{element} shows {shown}, dependencies.json gives {value}")

    items = p.eval_on_selector_all(
        "#view-hidden li[data-box] .count", "(els) => els.map((e) => Number(e.textContent))"
    )
    check(
        sorted(items, reverse=True) == sorted((len(b["readForRealBy"]) for b in hidden), reverse=True),
        f"the hidden dependencies show {items}",
    )
    check(items == sorted(items, reverse=True), "the hidden dependencies are not most-read first")
    if hidden:  # open the first: its tests are listed, by suite
        p.click("#view-hidden li[data-box] summary")
        p.wait_for_selector("#view-hidden li[data-box] details[open] ul.suites")  # filled on toggle
        listed = p.eval_on_selector_all(
            "#view-hidden li[data-box] details[open] ul.suites ul li", "(els) => els.length"
        )
        check(listed == items[0], f"the first hidden dependency lists {listed} tests, not {items[0]}")

    page.tab("boxes")
    rows = page.table()
    for row in rows:
        box = boxes[(row["box"], row["at"])]
        for view, key in JSON_VIEWS.items():
            check(
                row[view] == len(box[key]),
                f"{row['box']} {view}: the page shows {row[view]}, dependencies.json lists "
                f"{len(box[key])} in {key}",
            )
    check(len(rows) == len(boxes), f"the table shows {len(rows)} of {len(boxes)} boxes")
    if rows and rows[0]["real"] > 0:  # a count opens the list of its tests
        p.click('#boxes-table button.count[data-view="real"]')
        listed = p.eval_on_selector_all("tr.detail ul.suites ul li", "(els) => els.length")
        check(listed == rows[0]["real"], f"the opened count lists {listed} tests")
    check_table(page, data)

    # Filters: by test, by box, by view; each against counts recomputed from the JSON.
    suites = sorted({t["suite"] for t in data["tests"] if t["suite"]})
    test_query = suites[len(suites) // 2] if suites else data["tests"][0]["name"]
    page.act("filter the tests", lambda: p.fill("#filter-tests", test_query))
    check_table(page, data, test_query=test_query, what=f"tests filtered by {test_query!r}")
    page.act("clear the test filter", lambda: p.fill("#filter-tests", ""))
    box_query = data["boxes"][-1]["box"]
    page.act("filter the shared instances", lambda: p.fill("#filter-boxes", box_query))
    n = check_table(page, data, box_query=box_query, what=f"boxes filtered by {box_query!r}")
    check(n >= 1, f"filtering by {box_query!r} shows no shared instance")
    page.act("clear the box filter", lambda: p.fill("#filter-boxes", ""))
    page.act("uncheck a view", lambda: p.uncheck('input[data-view="override"]'))
    check_table(page, data, views=["real", "set", "reset"], what="without the override view")
    page.act("check it again", lambda: p.check('input[data-view="override"]'))
    page.act("a filter that matches nothing", lambda: p.fill("#filter-tests", "no such test ✗"))
    check(page.table() == [], "a filter that matches nothing still shows shared instances")
    page.act("clear it", lambda: p.fill("#filter-tests", ""))

    # The matrix: each box's row adds up to the tests that touched it.
    page.tab("matrix")
    expected = expected_counts(data)
    sums = p.evaluate(
        """() => [...document.querySelectorAll('#matrix tbody tr')].map((tr) => [
             tr.querySelector('th').getAttribute('title'),
             [...tr.querySelectorAll('td.suite')].reduce((n, td) => n + Number(td.textContent), 0)])"""
    )
    check(len(sums) == len(expected), f"the matrix has {len(sums)} rows, not {len(expected)}")
    for title, total in sums:
        box, _, at = title.rpartition(" ")
        check(total == expected[(box, at)]["any"], f"the matrix row of {box} adds up to {total}")
    first_suite = p.get_attribute("#matrix th.suite", "data-suite")
    page.act("open a suite in the matrix", lambda: p.click("#matrix th.suite"))
    opened = p.eval_on_selector_all("#matrix th.test", "(els) => els.length")
    suite_name = p.get_attribute(f'#matrix th.suite[data-suite="{first_suite}"]', "title")
    in_suite = len([t for t in data["tests"] if (t["suite"] or "top-level tests") == suite_name])
    check(opened == in_suite, f"opening {suite_name} shows {opened} tests, not {in_suite}")
    if len(data["tests"]) > 400:
        # A test's name across its suites: few enough tests to open all their suites.
        query = data["tests"][0]["name"]
        shown = shown_tests(data, query)
        check(0 < len(shown) <= 400, f"{query!r} shows {len(shown)} tests")
        page.act("filter before opening all", lambda: p.fill("#filter-tests", query))
        page.act("open all suites", lambda: p.click("#expand-all"))
        opened = p.eval_on_selector_all("#matrix th.test", "(els) => els.length")
        check(opened == len(shown), f"opening all shows {opened} tests, not {len(shown)}")
        # Without the filter, their suites hold more than 400 tests: the page closes them.
        suites_opened = {t["suite"] for t in data["tests"] if path_of(t) in shown}
        behind = len([t for t in data["tests"] if t["suite"] in suites_opened])
        page.act("clear the filter", lambda: p.fill("#filter-tests", ""))
        opened = p.eval_on_selector_all("#matrix th.test", "(els) => els.length")
        check(
            opened == (behind if behind <= 400 else 0),
            f"clearing the filter leaves {opened} tests open ({behind} in the opened suites)",
        )

    # The graph: no more than its limit of links; a box's node shows all its suites' links.
    page.tab("graph")
    links = p.eval_on_selector_all("#graph path.link", "(els) => els.length")
    check(0 < links <= 150, f"the graph draws {links} links")
    box = data["boxes"][0]
    node = p.locator("#graph g.node[data-node^='b']").first
    node_id = node.get_attribute("data-node")
    page.act("focus a box in the graph", lambda: node.click())
    title = p.text_content(f'#graph g[data-node="{node_id}"] title')
    box = next(b for b in data["boxes"] if f"{b['box']} {b['declaredAt']}" == title)
    suites_of_box = {t["suite"] for t in data["tests"]
                     if any(d["box"] == box["box"] and d["declaredAt"] == box["declaredAt"]
                            for d in t["dependencies"])}
    links = p.eval_on_selector_all("#graph path.link", "(els) => els.length")
    check(links == len(suites_of_box), f"{box['box']} has {links} links, not {len(suites_of_box)}")
    suite_toggle = p.locator("#graph .toggle").first
    page.act("open a suite in the graph", lambda: suite_toggle.click())
    check(p.locator("#graph g.node[data-node^='t']").count() > 0, "opening a suite shows no test")

    page.timings.append(("longest task", page.longest_task()))
    if large:
        check(page.longest_task() <= TASK_BUDGET, f"a task ran {page.longest_task():.2f} s")
    check(not page.errors, "; ".join(page.errors))
    page.page.close()
    return page.timings


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", required=True, help="the Chromium executable to drive")
    parser.add_argument("folders", nargs="+", help="map folders; FOLDER:large for a large map")
    arguments = parser.parse_args()
    failures = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=arguments.chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for argument in arguments.folders:
            folder, _, mark = argument.partition(":")
            folder = Path(folder)
            started = time.perf_counter()
            try:
                timings = check_map(browser, folder, mark == "large")
            except Failure as failure:
                failures += 1
                print(f"FAIL {folder}: {failure}")
                continue
            size = (folder / "dependencies.html").stat().st_size
            steps = ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in timings)
            print(f"ok   {folder} ({size:,} bytes, {time.perf_counter() - started:.1f} s): {steps}")
        browser.close()
    checked = len(arguments.folders)
    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
