"use strict";
(function () {
  const data = JSON.parse(document.getElementById("map-data").textContent);
  const REAL = 1, OVERRIDES = 2, READS_OVERRIDE = 4, SETS = 8, RESETS = 16;
  // The views of a box, in the order of the columns; `bits` are the kinds each one counts.
  const VIEWS = [
    { key: "real", title: "Read for real by", verb: "read for real", bits: REAL, mark: "R" },
    { key: "set", title: "Set by", verb: "set", bits: SETS, mark: "S" },
    {
      key: "override", title: "Overridden by", verb: "overridden",
      bits: OVERRIDES | READS_OVERRIDE, mark: "O",
    },
    { key: "reset", title: "Reset by", verb: "reset", bits: RESETS, mark: "X" },
  ];
  const EXPAND_LIMIT = 400;  // tests the matrix shows one by one at most
  const EDGE_LIMIT = 150;  // links the graph draws when no node is focused
  const ROW = 18;

  const suites = data.suites;
  const boxes = data.boxes.map((b, i) => ({
    i, type: b[0], at: b[1], key: (b[0] + " " + b[1]).toLowerCase(),
  }));
  const tests = data.tests.map((t, i) => {
    const path = suites[t[0]] ? suites[t[0]] + "/" + t[1] : t[1];
    return { i, suite: t[0], name: t[1], deps: t[2], path, key: path.toLowerCase() };
  });
  const suiteTests = suites.map(() => []);
  tests.forEach((t) => suiteTests[t.suite].push(t.i));
  const boxTests = boxes.map(() => []);  // box → [test, kinds, test, kinds, …]
  tests.forEach((t) => {
    for (let k = 0; k < t.deps.length; k += 2) boxTests[t.deps[k]].push(t.i, t.deps[k + 1]);
  });

  const state = {
    tab: "hidden", testQuery: "", boxQuery: "", views: new Set(VIEWS.map((v) => v.key)),
    expanded: new Set(), graphExpanded: new Set(), focus: null,
  };
  const testShown = new Uint8Array(tests.length);
  const boxShown = new Uint8Array(boxes.length);
  let counts = [];
  let renders = 0;

  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const plural = (n, noun) => n.toLocaleString("en") + " " + noun + (n === 1 ? "" : "s");
  const suiteName = (s) => suites[s] || "top-level tests";
  const activeViews = () => VIEWS.filter((v) => state.views.has(v.key));
  const activeBits = () => activeViews().reduce((bits, v) => bits | v.bits, 0);
  // The first active view a test's kinds fall in: the colour of its mark.
  const strongest = (kinds) => activeViews().find((v) => kinds & v.bits);

  // Which tests and boxes the filters keep, and each box's count per view.
  function compute() {
    const tq = state.testQuery.trim().toLowerCase();
    const bq = state.boxQuery.trim().toLowerCase();
    const bits = activeBits();
    const matches = tests.map((t) => !tq || t.key.includes(tq));
    testShown.fill(0);
    counts = boxes.map((b) => {
      const c = { real: 0, set: 0, override: 0, reset: 0, any: 0 };
      boxShown[b.i] = 0;
      if (bq && !b.key.includes(bq)) return c;
      const list = boxTests[b.i];
      for (let k = 0; k < list.length; k += 2) {
        const t = list[k], kinds = list[k + 1];
        if (!matches[t]) continue;
        for (const v of VIEWS) if (kinds & v.bits) c[v.key]++;
        if (kinds & bits) { c.any++; testShown[t] = 1; }
      }
      if (c.any > 0) boxShown[b.i] = 1;
      return c;
    });
  }

  const shownTestCount = () => testShown.reduce((a, b) => a + b, 0);
  const shownBoxes = () => boxes.filter((b) => boxShown[b.i]);

  // The tests of one view of a box, grouped by suite.
  function testList(box, bits) {
    const bySuite = new Map();
    const list = boxTests[box];
    for (let k = 0; k < list.length; k += 2) {
      const t = tests[list[k]];
      if (!testShown[t.i] || !(list[k + 1] & bits)) continue;
      if (!bySuite.has(t.suite)) bySuite.set(t.suite, []);
      bySuite.get(t.suite).push(t.name);
    }
    let html = '<ul class="suites">';
    for (const [s, names] of bySuite) {
      html += "<li><b>" + esc(suiteName(s)) + "</b> (" + names.length + ")<ul>";
      for (const n of names) html += "<li><code>" + esc(n) + "</code></li>";
      html += "</ul></li>";
    }
    return html + "</ul>";
  }

  function boxLabel(b) {
    return '<code class="box">' + esc(b.type) + '</code> <span class="at">' + esc(b.at) +
      "</span>";
  }

  // MARK: Hidden dependencies

  function renderHidden() {
    const el = $("view-hidden");
    if (!state.views.has("real")) {
      el.innerHTML = '<p class="note">Check “Read for real” to list the hidden dependencies.</p>';
      return;
    }
    const list = shownBoxes().filter((b) => counts[b.i].real > 0)
      .sort((a, b) => counts[b.i].real - counts[a.i].real || a.i - b.i);
    if (list.length === 0) {
      el.innerHTML = '<p class="note">No test shown reads a real instance.</p>';
      return;
    }
    let html = '<p class="lead">Tests read the <b>real</b> instance of these shared ' +
      "instances: they depend on them without saying so. Provide each box in the tests " +
      "listed under it (override it, or bootstrap a bootstrap-once box), starting at the " +
      'top.</p><ol class="hidden-list">';
    for (const b of list) {
      const c = counts[b.i];
      const hint = c.override > 0
        ? ' <span class="hint">(' + plural(c.override, "test") +
          (c.override === 1 ? " overrides" : " override") + " it)</span>"
        : "";
      html += '<li data-box="' + b.i + '"><details><summary>' + boxLabel(b) +
        ' read for real by <b class="count" data-view="real">' + c.real + "</b> " +
        (c.real === 1 ? "test" : "tests") + hint + '</summary><div class="tests"></div>' +
        "</details></li>";
    }
    el.innerHTML = html + "</ol>";
  }

  // MARK: Boxes table

  function renderBoxes() {
    const views = activeViews();
    let html = '<table id="boxes-table" class="boxes"><thead><tr><th>Shared instance</th>' +
      "<th>Declared at</th>";
    for (const v of views) html += '<th class="num ' + v.key + '">' + v.title + "</th>";
    html += "</tr></thead><tbody>";
    for (const b of shownBoxes()) {
      html += '<tr data-box="' + b.i + '"><td><code class="box">' + esc(b.type) +
        '</code></td><td class="at">' + esc(b.at) + "</td>";
      for (const v of views) {
        const n = counts[b.i][v.key];
        html += '<td class="num" data-view="' + v.key + '">' + (n === 0 ? "0"
          : '<button class="count ' + v.key + '" data-box="' + b.i + '" data-view="' +
            v.key + '">' + n + "</button>") + "</td>";
      }
      html += "</tr>";
    }
    html += "</tbody></table>";
    if (shownBoxes().length === 0) html += '<p class="note">No shared instance matches.</p>';
    $("view-boxes").innerHTML = html;
  }

  function toggleTestRow(button) {
    const row = button.closest("tr");
    const next = row.nextElementSibling;
    const key = button.dataset.box + ":" + button.dataset.view;
    if (next && next.classList.contains("detail")) {
      next.remove();
      if (next.dataset.key === key) return;
    }
    const view = VIEWS.find((v) => v.key === button.dataset.view);
    const detail = document.createElement("tr");
    detail.className = "detail";
    detail.dataset.key = key;
    detail.innerHTML = '<td colspan="' + row.children.length + '"><b>' + view.title +
      "</b>" + testList(Number(button.dataset.box), view.bits) + "</td>";
    row.after(detail);
  }

  // MARK: Matrix

  function renderMatrix() {
    const bits = activeBits();
    const rows = shownBoxes();
    const columns = [];  // a suite of shown tests, and whether it shows them one by one
    for (let s = 0; s < suites.length; s++) {
      const shown = suiteTests[s].filter((t) => testShown[t]);
      if (shown.length > 0) columns.push({ suite: s, tests: shown, open: state.expanded.has(s) });
    }
    const total = columns.reduce((n, c) => n + c.tests.length, 0);
    let opened = columns.reduce((n, c) => n + (c.open ? c.tests.length : 0), 0);
    let note = "A suite's column counts its tests that touched the box; click a suite (+) to show " +
      "its tests one by one.";
    if (opened > EXPAND_LIMIT) {  // a wider filter would open too many: close them all
      state.expanded.clear();
      columns.forEach((c) => { c.open = false; });
      opened = 0;
      note = "Suites closed: more than " + EXPAND_LIMIT + " tests would show one by one. " + note;
    }
    const cells = new Map();  // box → Map(test → kinds)
    for (const b of rows) {
      const m = new Map();
      const list = boxTests[b.i];
      for (let k = 0; k < list.length; k += 2) {
        if (testShown[list[k]] && list[k + 1] & bits) m.set(list[k], list[k + 1] & bits);
      }
      cells.set(b.i, m);
    }
    const views = activeViews();
    let html = '<div class="matrix-tools"><button id="expand-all"' +
      (total > EXPAND_LIMIT ? " disabled" : "") + ">Open all suites</button> " +
      '<button id="collapse-all">Close all</button> <span class="note">' +
      (total > EXPAND_LIMIT ? "Filter to " + EXPAND_LIMIT + " tests or fewer to open all. " : "") +
      esc(note) + '</span></div><div class="matrix-wrap"><table id="matrix" class="matrix">' +
      '<thead><tr><th class="corner">' + plural(rows.length, "shared instance") + " × " +
      plural(total, "test") + " in " + plural(columns.length, "suite") + "</th>";
    for (const c of columns) {
      html += '<th class="suite" data-suite="' + c.suite + '" title="' +
        esc(suiteName(c.suite)) + '"><span>' + (c.open ? "− " : "+ ") +
        esc(suiteName(c.suite)) + " (" + c.tests.length + ")</span></th>";
      if (!c.open) continue;
      for (const t of c.tests) {
        html += '<th class="test" title="' + esc(tests[t].path) + '"><span>' +
          esc(tests[t].name) + "</span></th>";
      }
    }
    html += "</tr></thead><tbody>";
    for (const b of rows) {
      const m = cells.get(b.i);
      html += '<tr data-box="' + b.i + '"><th class="row" title="' + esc(b.type + " " + b.at) +
        '">' + esc(b.type) + "</th>";
      for (const c of columns) {
        let n = 0;
        const per = {};
        for (const t of c.tests) {
          const kinds = m.get(t);
          if (!kinds) continue;
          n++;
          for (const v of views) if (kinds & v.bits) per[v.key] = (per[v.key] || 0) + 1;
        }
        if (n === 0) {
          html += '<td class="suite"></td>';
        } else {
          const title = views.filter((v) => per[v.key]).map((v) => per[v.key] + " " + v.verb);
          html += '<td class="suite ' + views.find((v) => per[v.key]).key + '" title="' +
            esc(suiteName(c.suite)) + ": " + title.join(", ") + '">' + n + "</td>";
        }
        if (!c.open) continue;
        for (const t of c.tests) {
          const kinds = m.get(t) || 0;
          if (!kinds) { html += "<td></td>"; continue; }
          const marks = views.filter((v) => kinds & v.bits);
          html += '<td class="' + marks[0].key + '" title="' + esc(tests[t].path) + ": " +
            marks.map((v) => v.verb).join(", ") + '">' + marks.map((v) => v.mark).join("") +
            "</td>";
        }
      }
      html += "</tr>";
    }
    html += "</tbody></table></div>";
    $("view-matrix").innerHTML = html;
  }

  // MARK: Graph

  function renderGraph() {
    const bits = activeBits();
    const left = [];  // nodes: {id, label, title, suite, test?}
    for (let s = 0; s < suites.length; s++) {
      const shown = suiteTests[s].filter((t) => testShown[t]);
      if (shown.length === 0) continue;
      const open = state.graphExpanded.has(s);
      left.push({ id: "s" + s, suite: s, open, count: shown.length,
        label: suiteName(s) + " (" + shown.length + ")" });
      if (open) {
        for (const t of shown) left.push({ id: "t" + t, suite: s, test: t, label: tests[t].name });
      }
    }
    const right = shownBoxes().map((b) => ({ id: "b" + b.i, box: b.i, label: b.type }));
    // Links: from a test when its suite is expanded, else from the suite; weight = tests.
    const links = new Map();
    for (const b of shownBoxes()) {
      const list = boxTests[b.i];
      for (let k = 0; k < list.length; k += 2) {
        const t = list[k], kinds = list[k + 1] & bits;
        if (!testShown[t] || !kinds) continue;
        const s = tests[t].suite;
        const from = state.graphExpanded.has(s) ? "t" + t : "s" + s;
        const key = from + ">" + b.i;
        let link = links.get(key);
        if (!link) { link = { from, to: "b" + b.i, tests: 0, kinds: 0, real: 0 }; links.set(key, link); }
        link.tests++;
        link.kinds |= kinds;
        if (kinds & REAL) link.real++;
      }
    }
    // Order both columns by the mean position of their neighbours (fewer crossings).
    const position = new Map();
    left.forEach((n, i) => position.set(n.id, i));
    right.forEach((n, i) => position.set(n.id, i));
    const all = [...links.values()];
    for (let pass = 0; pass < 4; pass++) {
      const sums = new Map();
      for (const l of all) {
        const s = sums.get(l.to) || [0, 0];
        s[0] += position.get(l.from) * l.tests; s[1] += l.tests;
        sums.set(l.to, s);
      }
      right.sort((a, b) => {
        const sa = sums.get(a.id), sb = sums.get(b.id);
        return sa[0] / sa[1] - sb[0] / sb[1] || a.box - b.box;
      });
      right.forEach((n, i) => position.set(n.id, i));
      const suiteSums = new Map();
      for (const l of all) {
        const node = l.from[0] === "s" ? Number(l.from.slice(1)) : tests[Number(l.from.slice(1))].suite;
        const s = suiteSums.get(node) || [0, 0];
        s[0] += position.get(l.to) * l.tests; s[1] += l.tests;
        suiteSums.set(node, s);
      }
      const groups = [];
      for (const n of left) {
        if (n.test === undefined) groups.push([n]); else groups[groups.length - 1].push(n);
      }
      const mean = (g) => { const s = suiteSums.get(g[0].suite); return s[0] / s[1]; };
      groups.sort((a, b) => mean(a) - mean(b) || a[0].suite - b[0].suite);
      left.length = 0;
      groups.forEach((g) => left.push(...g));
      left.forEach((n, i) => position.set(n.id, i));
    }
    let shown = all;
    let note = plural(left.filter((n) => n.test === undefined).length, "suite") + ", " +
      plural(right.length, "shared instance") + ", " + plural(all.length, "link") + ". ";
    const focus = state.focus && position.has(state.focus) ? state.focus : null;
    if (focus) {
      shown = all.filter((l) => l.from === focus || l.to === focus);
      note += "Showing the " + plural(shown.length, "link") + " of the chosen node; click it " +
        "again to show them all. ";
    } else if (all.length > EDGE_LIMIT) {
      shown = all.slice().sort((a, b) => b.real - a.real || b.tests - a.tests)
        .slice(0, EDGE_LIMIT);
      note += "Showing the " + EDGE_LIMIT + " with the most tests reading for real, then the " +
        "most tests; click a node to show all of its links, or filter. ";
    }
    note += "A link's width grows with its tests; click ▸ to open a suite into its tests.";
    const neighbours = new Set(shown.flatMap((l) => [l.from, l.to]));
    // Both columns span the same height, so that links run across rather than up or down.
    const rows = Math.max(left.length, right.length);
    const height = rows * ROW + 40;
    const width = Math.max(900, $("view-graph").clientWidth - 10);
    const leftX = Math.round(width * 0.36), rightX = Math.round(width * 0.64);
    const y = (node) => {
      const column = node.id[0] === "b" ? right : left;
      const step = column.length > 1 ? (rows - 1) * ROW / (column.length - 1) : 0;
      return Math.round(24 + (column.length > 1 ? position.get(node.id) * step : (rows - 1) * ROW / 2));
    };
    const yOf = new Map();
    left.concat(right).forEach((n) => yOf.set(n.id, y(n)));
    const clip = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
    let svg = '<svg id="graph" width="' + width +
      '" height="' + height + '" viewBox="0 0 ' + width + " " + height + '"><g class="links">';
    const strokeOf = (l) => activeViews().find((v) => l.kinds & v.bits).key;
    for (const l of shown) {
      const y1 = yOf.get(l.from), y2 = yOf.get(l.to), mid = (leftX + rightX) / 2;
      svg += '<path class="link ' + strokeOf(l) + '" stroke-width="' +
        (1 + 1.5 * Math.log2(l.tests)).toFixed(1) + '" d="M' + (leftX + 6) + " " + y1 + "C" +
        mid + " " + y1 + " " + mid + " " + y2 + " " + (rightX - 6) + " " + y2 + '"><title>' +
        l.tests + " " + (l.tests === 1 ? "test" : "tests") + ": " +
        activeViews().filter((v) => l.kinds & v.bits).map((v) => v.verb).join(", ") +
        "</title></path>";
    }
    svg += "</g>";
    const nodeClass = (n) => "node" + (focus && !neighbours.has(n.id) ? " dim" : "") +
      (n.id === focus ? " focus" : "");
    for (const n of left) {
      const indent = n.test === undefined ? 0 : 14;
      svg += '<g class="' + nodeClass(n) + '" data-node="' + n.id + '"><title>' +
        esc(n.test === undefined ? suiteName(n.suite) : tests[n.test].path) + "</title>" +
        '<text x="' + (leftX - 10 - indent) + '" y="' + (yOf.get(n.id) + 4) +
        '" text-anchor="end">' + esc(clip(n.label, 48)) + "</text>" +
        '<circle cx="' + leftX + '" cy="' + yOf.get(n.id) + '" r="4"></circle>';
      if (n.test === undefined) {
        svg += '<text class="toggle" data-suite="' + n.suite + '" x="8" y="' +
          (yOf.get(n.id) + 4) + '">' + (n.open ? "▾" : "▸") + "</text>";
      }
      svg += "</g>";
    }
    for (const n of right) {
      const real = counts[n.box].real > 0 && state.views.has("real");
      svg += '<g class="' + nodeClass(n) + (real ? " real" : "") + '" data-node="' + n.id +
        '"><title>' + esc(boxes[n.box].type + " " + boxes[n.box].at) + "</title>" +
        '<circle cx="' + rightX + '" cy="' + yOf.get(n.id) + '" r="5"></circle><text x="' +
        (rightX + 10) + '" y="' + (yOf.get(n.id) + 4) + '">' + esc(clip(n.label, 48)) +
        "</text></g>";
    }
    svg += "</svg>";
    $("view-graph").innerHTML = '<p class="note" id="graph-note">' + esc(note) + "</p>" +
      '<div class="legend">' + activeViews().map((v) => '<span class="' + v.key + '">' +
      v.verb + "</span>").join("") + "</div>" + svg;
  }

  // MARK: Page

  const renderers = {
    hidden: renderHidden, boxes: renderBoxes, matrix: renderMatrix, graph: renderGraph,
  };

  function render() {
    compute();
    const shownTests = shownTestCount();
    $("shown").textContent = "Showing " + shownTests.toLocaleString("en") + " of " +
      plural(tests.length, "test") + " and " + shownBoxes().length + " of " +
      plural(boxes.length, "shared instance") + ".";
    $("shown").dataset.tests = shownTests;
    $("shown").dataset.boxes = shownBoxes().length;
    for (const key of Object.keys(renderers)) {
      $("view-" + key).hidden = key !== state.tab;
      document.querySelector('[data-tab="' + key + '"]')
        .setAttribute("aria-selected", String(key === state.tab));
    }
    renderers[state.tab]();
    document.documentElement.dataset.renders = String(++renders);
  }

  function summary() {
    const hidden = boxes.filter((b) => boxTests[b.i].some((x, k) => k % 2 === 1 && x & REAL));
    const hiddenTests = tests.filter((t) => t.deps.some((x, k) => k % 2 === 1 && x & REAL));
    const usedSuites = suites.filter((s, i) => suiteTests[i].length > 0);
    $("summary").innerHTML = '<b id="count-tests">' + tests.length + "</b> isolated " +
      (tests.length === 1 ? "test" : "tests") + ' in <b id="count-suites">' +
      usedSuites.length + "</b> " + (usedSuites.length === 1 ? "suite" : "suites") +
      ' touched <b id="count-boxes">' + boxes.length + "</b> shared " +
      (boxes.length === 1 ? "instance" : "instances") + '. <b id="count-hidden">' +
      hidden.length + '</b> of them are read for real by <b id="count-hidden-tests">' +
      hiddenTests.length + "</b> tests: hidden dependencies.";
  }

  let timer = 0;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(render, 80);
  }

  $("filter-tests").addEventListener("input", (e) => { state.testQuery = e.target.value; later(); });
  $("filter-boxes").addEventListener("input", (e) => { state.boxQuery = e.target.value; later(); });
  document.querySelectorAll("input[data-view]").forEach((box) => {
    box.addEventListener("change", () => {
      if (box.checked) state.views.add(box.dataset.view); else state.views.delete(box.dataset.view);
      render();
    });
  });
  document.querySelectorAll("[data-tab]").forEach((tab) => {
    tab.addEventListener("click", () => { state.tab = tab.dataset.tab; render(); });
  });
  document.addEventListener("toggle", (e) => {
    const li = e.target.closest && e.target.closest("li[data-box]");
    if (!li || !e.target.open) return;
    const body = e.target.querySelector(".tests");
    if (body && !body.hasChildNodes()) body.innerHTML = testList(Number(li.dataset.box), REAL);
  }, true);
  $("views").addEventListener("click", (e) => {
    const count = e.target.closest("button.count");
    if (count) return toggleTestRow(count);
    if (e.target.id === "expand-all") {
      suites.forEach((s, i) => { if (suiteTests[i].some((t) => testShown[t])) state.expanded.add(i); });
      return render();
    }
    if (e.target.id === "collapse-all") { state.expanded.clear(); return render(); }
    const suite = e.target.closest("th.suite");
    if (suite) {
      const s = Number(suite.dataset.suite);
      if (state.expanded.has(s)) state.expanded.delete(s); else state.expanded.add(s);
      return render();
    }
    const toggle = e.target.closest(".toggle");
    if (toggle) {
      const s = Number(toggle.dataset.suite);
      if (state.graphExpanded.has(s)) state.graphExpanded.delete(s); else state.graphExpanded.add(s);
      return render();
    }
    const node = e.target.closest("[data-node]");
    if (node) {
      state.focus = state.focus === node.dataset.node ? null : node.dataset.node;
      return render();
    }
    if (e.target.closest("#graph")) { state.focus = null; render(); }
  });

  summary();
  render();
  window.mapReady = true;
})();
