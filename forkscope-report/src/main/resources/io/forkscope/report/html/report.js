/* forkscope's HTML report: draws the charts (uPlot) and the timelines (canvas) from the page's data
   blocks and links them. Every string from the program reaches the page as text (textContent,
   canvas fillText), never as markup. */
(function () {
  'use strict';
  var started = performance.now();
  var C = { blue: '#0072B2', orange: '#E69F00', sky: '#56B4E9', green: '#009E73', yellow: '#F0E442',
            vermillion: '#D55E00', purple: '#CC79A7', black: '#000000', grey: '#6e6e6e' };   // Okabe-Ito
  var KIND_COLOURS = [C.orange, C.sky, C.purple, C.vermillion];   // create, create-cont, wait-cont, end

  function data(id) {
    var el = document.getElementById('data-' + id);
    return el ? JSON.parse(el.textContent) : null;
  }
  function grouped(n) {
    return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  }
  function human(ns) {
    var a = Math.abs(ns);
    if (a >= 1e9) return (ns / 1e9).toFixed(2) + ' s';
    if (a >= 1e6) return (ns / 1e6).toFixed(2) + ' ms';
    if (a >= 1e3) return (ns / 1e3).toFixed(2) + ' us';
    return Math.round(ns) + ' ns';
  }
  function width(el) {
    return Math.max(320, Math.min(1200, el.clientWidth || 900));
  }

  /* ---- the time range the profile and the timelines show, in ns from the run's begin ---- */
  var view = {
    full: null, t0: 0, t1: 1, listeners: [],
    set: function (t0, t1, source) {
      var span = this.full[1] - this.full[0];
      var min = Math.max(1, span / 1e7);
      if (t1 - t0 < min) { var c = (t0 + t1) / 2; t0 = c - min / 2; t1 = c + min / 2; }
      if (t1 - t0 > span) { t0 = this.full[0]; t1 = this.full[1]; }
      if (t0 < this.full[0]) { t1 += this.full[0] - t0; t0 = this.full[0]; }
      if (t1 > this.full[1]) { t0 -= t1 - this.full[1]; t1 = this.full[1]; }
      if (Math.abs(t0 - this.t0) < 1e-6 * span && Math.abs(t1 - this.t1) < 1e-6 * span) return;
      this.t0 = t0; this.t1 = t1;
      for (var i = 0; i < this.listeners.length; i++) this.listeners[i](t0, t1, source);
    },
    reset: function () { this.set(this.full[0], this.full[1], 'reset'); },
    /* the range times factor, around time t, which keeps its place */
    zoom: function (factor, t, source) { this.set(t - (t - this.t0) * factor, t + (this.t1 - t) * factor, source); },
    /* moved by this share of the range (negative: earlier) */
    pan: function (share, source) { var dt = share * (this.t1 - this.t0); this.set(this.t0 + dt, this.t1 + dt, source); }
  };
  var PLOT_LEFT = 150;   // CSS pixels left of the time axes: the profile's y axis, the timelines' thread names

  /* ---- what one view offers the others ---- */
  var linked = { plotBox: null,      // set by the profile: its plot's box, which the timelines align with
                 plotReady: null,    // set by the timelines: told when the profile's plot has its size
                 markSite: null,     // set by the timelines: marks the nodes of a call site (or none: -1)
                 markFrame: null };  // set by the contexts: marks the contexts of a method (or none: null)

  /* ---- speedup bounds ---- */
  function scalingCharts() {
    var els = document.querySelectorAll('.scaling-chart');
    for (var i = 0; i < els.length; i++) {
      var el = els[i], d = data(el.getAttribute('data-source'));
      var whiskers = function (d) {
        return function (u) {
          var ctx = u.ctx; ctx.save(); ctx.strokeStyle = C.vermillion; ctx.lineWidth = 2 * devicePixelRatio;
          for (var k = 0; k < d.p.length; k++) {
            if (d.min[k] == null) continue;
            var x = u.valToPos(d.p[k], 'x', true);
            ctx.beginPath(); ctx.moveTo(x, u.valToPos(d.min[k], 'y', true));
            ctx.lineTo(x, u.valToPos(d.max[k], 'y', true)); ctx.stroke();
          }
          ctx.restore();
        };
      }(d);
      var series = [
          { label: 'P' },
          { label: 'work law', stroke: C.grey, dash: [6, 4], width: 1.5, points: { show: false } },
          { label: 'span law', stroke: C.grey, dash: [2, 3], width: 1.5, points: { show: false } },
          { label: 'upper bound', stroke: C.blue, width: 2.5, points: { show: false } },
          { label: 'burdened lower bound', stroke: C.green, width: 2.5, points: { show: false } },
          { label: 'measured (median)', stroke: C.vermillion, paths: function () { return null; },
            points: { show: true, size: 9, fill: C.vermillion, stroke: C.vermillion } }
        ];
      var columns = [d.p, d.work, d.span, d.upper, d.lower, d.median];
      if (d.whatIfUpper) {   // report --speedup: the what-if DAG's upper bound
        series.push({ label: 'what-if upper bound', stroke: C.orange, dash: [2, 4], width: 2.5, points: { show: false } });
        columns.push(d.whatIfUpper);
      }
      if (d.predicted) {   // forkscope predict's simulated T1/T_P, at the P it simulated: lines across the gaps
        var simulated = [['predicted', 'simulated T1/T_P', C.purple, null], ['whatIf', 'simulated what-if', C.orange, null]];
        for (var s = 0; s < simulated.length; s++) {
          var key = simulated[s][0];
          if (!d[key].some(function (v) { return v != null; })) continue;
          series.push({ label: simulated[s][1] + (d.predictedBoth ? ', collapsed sequential' : ''), stroke: simulated[s][2],
                        width: 2.5, spanGaps: true, points: { show: true, size: 5, fill: simulated[s][2] } });
          columns.push(d[key]);
          if (d.predictedBoth) {
            series.push({ label: simulated[s][1] + ', collapsed malleable', stroke: simulated[s][2], dash: [5, 4],
                          width: 1.5, spanGaps: true, points: { show: false } });
            columns.push(d[key + 'Malleable']);
          }
        }
      }
      el.setAttribute('data-series', series.slice(1).map(function (x) { return x.label; }).join('|'));
      new uPlot({
        width: width(el), height: 320,
        scales: { x: { time: false, distr: d.log ? 3 : 1, log: 2 }, y: { range: [0, d.yMax] } },
        axes: [{ label: 'workers P' }, { label: 'speedup' }],
        series: series,
        hooks: { draw: [whiskers] },
        // a legend of names only: a live legend's values change its width, and the page below jumps
        legend: { live: false },
        cursor: { drag: { x: false, y: false } }
      }, columns, el);
    }
  }

  /* ---- parallelism profile ---- */
  var profilePlot = null;
  function profileChart() {
    var el = document.getElementById('profile-chart'), d = data('profile');
    if (!el || !d) return;
    var kinds = ['create', 'create-cont', 'wait-cont', 'end'];
    var x = d.t.map(function (t) { return t / 1e6; });
    var layers = [d.running];
    for (var k = 0; k < kinds.length; k++) layers.push(d['ready-' + kinds[k]]);
    var stacked = [], sum = x.map(function () { return 0; });
    for (var l = 0; l < layers.length; l++) {
      sum = sum.map(function (s, i) { return s + layers[l][i]; });
      stacked.push(sum);
    }
    var names = ['running'].concat(kinds.map(function (k) { return 'ready after ' + k; }));
    var colours = [C.blue].concat(KIND_COLOURS);
    var step = uPlot.paths.stepped({ align: 1 });
    var series = [{ label: 'ms' }], columns = [x];
    for (var s = layers.length - 1; s >= 0; s--) {   // the top of the stack first: later series paint over it
      series.push({ label: names[s], stroke: colours[s], fill: colours[s] + 'cc', width: 1, paths: step, points: { show: false },
                    value: (function (layer) { return function (u, v, si, i) { return i == null ? '-' : layer[i].toFixed(2); }; })(layers[s]) });
      columns.push(stacked[s]);
    }
    series.push({ label: 'P', stroke: C.black, width: 2, paths: step, points: { show: false }, value: function () { return d.workers; } });
    columns.push(x.map(function () { return d.workers; }));
    var full = [d.t[0], d.t[d.t.length - 1]];
    view.full = full; view.t0 = full[0]; view.t1 = full[1];
    profilePlot = new uPlot({
      width: width(el), height: 260,
      scales: { x: { time: false }, y: { range: function (u, min, max) { return [0, Math.max(max, d.workers) * 1.05]; } } },
      // the y axis as wide as the timelines' thread names, so that the two plots share their x pixels
      axes: [{ label: 'time (ms)' }, { label: 'nodes', size: PLOT_LEFT - 30 }],
      series: series,
      legend: { live: false },   // names only: a live legend's values would move the timelines under the pointer
      cursor: { drag: { x: true, y: false, setScale: true } },
      hooks: { ready: [function () {   // laid out now (uPlot sizes its plot after the script): align the timelines
        if (linked.plotReady) linked.plotReady();
      }], setScale: [function (u, key) {
        if (key !== 'x' || u.scales.x.min == null) return;
        view.set(u.scales.x.min * 1e6, u.scales.x.max * 1e6, 'profile');
        // what it shows, for scripts and tests: ns from the run's begin
        el.setAttribute('data-t0', String(u.scales.x.min * 1e6)); el.setAttribute('data-t1', String(u.scales.x.max * 1e6));
      }] }
    }, columns, el);
    var over = el.querySelector('.u-over');
    linked.plotBox = function () { return over.getBoundingClientRect(); };
    over.addEventListener('wheel', function (ev) {   // the wheel zooms around the pointer, as on the timelines
      ev.preventDefault();
      var r = over.getBoundingClientRect(), f = Math.min(1, Math.max(0, (ev.clientX - r.left) / r.width));
      view.zoom(ev.deltaY > 0 ? 1.25 : 0.8, view.t0 + f * (view.t1 - view.t0), 'wheel');
    }, { passive: false });
    view.listeners.push(function (t0, t1, source) {
      if (source !== 'profile') profilePlot.setScale('x', { min: t0 / 1e6, max: t1 / 1e6 });
    });
  }

  /* ---- the controls of the shown time range: buttons and a from/to form (the keyboard's way to select) ---- */
  function viewControls() {
    function on(id, f) { var b = document.getElementById(id); if (b) b.addEventListener('click', f); }
    var from = document.getElementById('view-from'), to = document.getElementById('view-to');
    if (!from || !view.full) return;
    on('view-in', function () { view.zoom(0.5, (view.t0 + view.t1) / 2, 'button'); });
    on('view-out', function () { view.zoom(2, (view.t0 + view.t1) / 2, 'button'); });
    on('view-earlier', function () { view.pan(-0.25, 'button'); });
    on('view-later', function () { view.pan(0.25, 'button'); });
    on('reset-zoom', function () { view.reset(); });
    function shown() { from.value = (view.t0 / 1e6).toFixed(3); to.value = (view.t1 / 1e6).toFixed(3); }
    function apply() {
      var a = Number(from.value) * 1e6, b = Number(to.value) * 1e6;
      if (isFinite(a) && isFinite(b) && b > a) view.set(a, b, 'form'); else shown();
    }
    on('view-apply', apply);
    [from, to].forEach(function (input) {
      input.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); apply(); } });
    });
    view.listeners.push(shown);
    shown();
  }

  /* ---- worker timelines ---- */
  function timelines() {
    var canvas = document.getElementById('timeline-canvas'), d = data('timeline');
    if (!canvas || !d) return;
    var n = d.worker.length, workers = d.threads.length;
    if (!view.full) { view.full = [0, d.elapsed]; view.t0 = 0; view.t1 = d.elapsed; }
    var inStart = new Int32Array(n + 1);
    for (var i = 0; i < n; i++) inStart[i + 1] = inStart[i] + d.inCount[i];
    var byWorker = [], place = new Int32Array(n);   // each worker's nodes by start; a node's index there
    for (var w = 0; w < workers; w++) byWorker.push([]);
    for (i = 0; i < n; i++) byWorker[d.worker[i]].push(i);
    for (w = 0; w < workers; w++) {
      byWorker[w].sort(function (a, b) { return d.start[a] - d.start[b] || a - b; });
      for (var j = 0; j < byWorker[w].length; j++) place[byWorker[w][j]] = j;
    }
    var onPath = new Uint8Array(n);
    for (i = 0; i < d.path.length; i++) onPath[d.path[i]] = 1;
    var AXIS = 22, ROW = Math.max(14, Math.min(28, Math.floor(420 / Math.max(1, workers))));
    var LABEL = PLOT_LEFT, PW = 0, cssW = 0;
    var selected = -1, marked = -1;
    var ctx = canvas.getContext('2d');

    /* The canvas' size and its plot's place: under the profile's plot, pixel for pixel, when there is one. */
    function layout() {
      cssW = width(canvas.parentNode.parentNode) - 2;   // the section's width: the box fits the canvas (borders 2 px)
      var cssH = AXIS + workers * ROW + 4;
      canvas.style.width = cssW + 'px'; canvas.style.height = cssH + 'px';
      canvas.width = Math.round(cssW * devicePixelRatio); canvas.height = Math.round(cssH * devicePixelRatio);
      ctx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
      LABEL = PLOT_LEFT; PW = cssW - LABEL - 8;
      if (linked.plotBox) {
        var p = linked.plotBox(), c = canvas.getBoundingClientRect();
        if (p.width > 50 && p.left - c.left >= 40 && p.left - c.left + p.width <= cssW) { LABEL = p.left - c.left; PW = p.width; }
      }
    }
    layout();
    function xOf(t) { return LABEL + (t - view.t0) * PW / (view.t1 - view.t0); }
    function tOf(x) { return view.t0 + (x - LABEL) * (view.t1 - view.t0) / PW; }
    function fitted(name, room) {   // cut in the middle (pool threads differ at their end) until it fits
      if (ctx.measureText(name).width <= room) return name;
      for (var keep = name.length - 1; keep > 4; keep--) {
        var cut = name.slice(0, Math.ceil(keep / 2)) + '\u2026' + name.slice(name.length - Math.floor(keep / 2));
        if (ctx.measureText(cut).width <= room) return cut;
      }
      return name.slice(0, 4) + '\u2026';
    }

    function draw() {
      var W = PW, t0 = view.t0, t1 = view.t1, k = W / (t1 - t0);
      ctx.clearRect(0, 0, cssW, canvas.height);
      ctx.font = '12px system-ui, sans-serif'; ctx.textBaseline = 'middle';
      axis(t0, t1);
      var cover = new Float32Array(Math.ceil(W) + 2);
      for (var w = 0; w < workers; w++) {
        var y = AXIS + w * ROW, h = ROW - 4;
        ctx.fillStyle = w % 2 ? '#f4f4f4' : '#fafafa'; ctx.fillRect(LABEL, y, W, ROW);
        ctx.fillStyle = C.black; ctx.textAlign = 'right';
        ctx.fillText(fitted(d.threads[w], LABEL - 10), LABEL - 6, y + ROW / 2);
        cover.fill(0);
        var list = byWorker[w];
        ctx.fillStyle = C.blue;
        for (var j = 0; j < list.length; j++) {
          var id = list[j], s = d.start[id], e = s + d.length[id];
          if (e < t0 || s > t1) continue;
          var x0 = (Math.max(s, t0) - t0) * k, x1 = (Math.min(e, t1) - t0) * k;
          if (x1 - x0 >= 2) {
            ctx.fillRect(LABEL + x0, y + 2, Math.max(1, x1 - x0 - 1), h);
          } else {   // below two pixels: add to the pixel's coverage, drawn once per pixel below
            cover[Math.floor(x0)] += Math.max(x1 - x0, 0.05);
          }
          if (onPath[id]) {
            ctx.fillStyle = C.vermillion; ctx.fillRect(LABEL + x0, y + ROW - 3, Math.max(1, x1 - x0), 2);
            ctx.fillStyle = C.blue;
          }
        }
        for (var q = 0; q < cover.length; q++) {
          if (cover[q] > 0) {
            ctx.globalAlpha = Math.min(1, 0.25 + cover[q]);
            ctx.fillRect(LABEL + q, y + 2, 1, h);
          }
        }
        ctx.globalAlpha = 1;
      }
      if (marked >= 0) drawMarked(t0, t1, k);
      if (selected >= 0) drawSelected();
      document.getElementById('timeline-range').textContent =
        'showing ' + human(t0) + ' to ' + human(t1) + ' of ' + human(view.full[1] - view.full[0]);
      // the geometry, for scripts and tests: ns from the run's begin, CSS pixels
      canvas.setAttribute('data-t0', String(t0)); canvas.setAttribute('data-t1', String(t1));
      canvas.setAttribute('data-plot-left', String(LABEL)); canvas.setAttribute('data-plot-width', String(W));
      canvas.setAttribute('data-axis-height', String(AXIS)); canvas.setAttribute('data-row-height', String(ROW));
    }

    function axis(t0, t1) {
      var span = t1 - t0, raw = span / 8, mag = Math.pow(10, Math.floor(Math.log10(raw)));
      var step = [1, 2, 5, 10].map(function (m) { return m * mag; }).find(function (s) { return s >= raw; });
      ctx.fillStyle = C.black; ctx.textAlign = 'center'; ctx.strokeStyle = '#cccccc'; ctx.lineWidth = 1;
      for (var t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
        var x = xOf(t);
        ctx.beginPath(); ctx.moveTo(x + 0.5, AXIS - 4); ctx.lineTo(x + 0.5, AXIS + workers * ROW); ctx.stroke();
        ctx.fillText(human(t), x, AXIS / 2);
      }
    }

    function drawMarked(t0, t1, k) {   // a call site's nodes, on top, at least two pixels wide
      ctx.fillStyle = C.orange;
      for (var id = 0; id < n; id++) {
        if (d.site[id] !== marked) continue;
        var s = d.start[id], e = s + d.length[id];
        if (e < t0 || s > t1) continue;
        var x0 = (Math.max(s, t0) - t0) * k, x1 = (Math.min(e, t1) - t0) * k;
        ctx.fillRect(LABEL + x0, AXIS + d.worker[id] * ROW + 2, Math.max(2, x1 - x0 - 1), ROW - 4);
      }
    }
    if (d.site) {
      linked.markSite = function (site) {
        marked = site;
        var count = 0;
        for (var id = 0; id < n; id++) if (site >= 0 && d.site[id] === site) count++;
        canvas.setAttribute('data-marked-site', String(site)); canvas.setAttribute('data-marked', String(count));
        document.getElementById('timeline-marked').textContent = site < 0 ? ''
          : count + ' node(s) of ' + d.siteNames[site] + ' marked in orange';
        draw();
        return count;
      };
    }

    function rowY(id) { return AXIS + d.worker[id] * ROW + ROW / 2; }

    function drawSelected() {   // outlined in black (the site's marks are orange), its in-edges as arrows
      var s = d.start[selected], e = s + d.length[selected], y = AXIS + d.worker[selected] * ROW;
      ctx.strokeStyle = C.black; ctx.lineWidth = 3;
      var x0 = xOf(s), x1 = Math.max(xOf(e), x0 + 3);
      ctx.strokeRect(x0 - 1, y + 1, x1 - x0 + 2, ROW - 2);
      for (var j = inStart[selected]; j < inStart[selected + 1]; j++) {
        var from = selected - d.inBack[j];
        var fx = xOf(d.start[from] + d.length[from]), fy = rowY(from), tx = x0, ty = rowY(selected);
        ctx.strokeStyle = KIND_COLOURS[d.inKind[j]]; ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(fx, fy); ctx.lineTo(tx, ty); ctx.stroke();
        var a = Math.atan2(ty - fy, tx - fx);
        ctx.beginPath(); ctx.moveTo(tx, ty);
        ctx.lineTo(tx - 8 * Math.cos(a - 0.4), ty - 8 * Math.sin(a - 0.4));
        ctx.lineTo(tx - 8 * Math.cos(a + 0.4), ty - 8 * Math.sin(a + 0.4)); ctx.closePath();
        ctx.fillStyle = ctx.strokeStyle; ctx.fill();
      }
    }

    function hit(x, y) {
      var w = Math.floor((y - AXIS) / ROW);
      if (w < 0 || w >= workers || x < LABEL) return -1;
      var t = tOf(x), slack = 3 * (view.t1 - view.t0) / PW, best = -1, bestDist = Infinity;
      var list = byWorker[w];
      for (var j = 0; j < list.length; j++) {
        var id = list[j], s = d.start[id], e = s + d.length[id];
        var dist = t < s ? s - t : t > e ? t - e : 0;
        if (dist <= slack && dist < bestDist) { best = id; bestDist = dist; }
      }
      return best;
    }

    function select(id) {
      selected = id;
      var box = document.getElementById('node-details');
      box.textContent = '';
      canvas.setAttribute('data-selected', String(id));
      if (id < 0) { var p = document.createElement('p'); p.className = 'hint'; p.textContent = 'Click a node for its details.'; box.appendChild(p); draw(); return; }
      var dl = document.createElement('dl'); dl.className = 'facts';
      function fact(term, key, text) {
        var dt = document.createElement('dt'); dt.textContent = term;
        var dd = document.createElement('dd'); dd.setAttribute('data-key', key);
        if (typeof text === 'string') dd.textContent = text; else dd.appendChild(text);
        dl.appendChild(dt); dl.appendChild(dd);
      }
      fact('node', 'node-id', String(id));
      fact('worker', 'node-worker', d.worker[id] + ' (' + d.threads[d.worker[id]] + ')');
      fact('site', 'node-site', d.site && d.site[id] >= 0 ? d.siteNames[d.site[id]] : 'none recorded');
      fact('start', 'node-start', grouped(d.start[id]) + ' ns after the run began');
      fact('length', 'node-length', grouped(d.length[id]) + ' ns');
      fact('work', 'node-work', grouped(d.work[id]) + ' ns');
      fact('delay', 'node-delay', grouped(d.delay[id]) + ' ns ready before it started (ready after ' + d.kinds[d.readyBy[id]] + ')');
      var ul = document.createElement('ul'); ul.className = 'edges';
      for (var j = inStart[id]; j < inStart[id + 1]; j++) {
        var from = id - d.inBack[j], li = document.createElement('li'), b = document.createElement('button');
        b.type = 'button'; b.textContent = 'node ' + from; b.setAttribute('data-node', String(from));
        b.setAttribute('data-kind', d.kinds[d.inKind[j]]);
        b.addEventListener('click', function (ev) { show(Number(ev.target.getAttribute('data-node'))); });
        li.appendChild(b); li.appendChild(document.createTextNode(' ' + d.kinds[d.inKind[j]] + ' edge, from worker ' + d.worker[from]));
        ul.appendChild(li);
      }
      if (inStart[id] === inStart[id + 1]) ul.textContent = 'none (the first node)';
      fact('in-edges', 'node-in', ul);
      box.appendChild(dl);
      draw();
    }
    function show(id) {   // selects a node and brings it into view
      var s = d.start[id], e = s + d.length[id];
      if (e < view.t0 || s > view.t1) { var half = (view.t1 - view.t0) / 2; view.set(s - half, s + half, 'timeline'); }
      select(id);
    }

    /* the keyboard's node choice: the next or previous on the selected node's worker, or the node of the
       worker above or below that runs at the selected node's middle (else the nearest in time) */
    function firstShown() {
      for (var w = 0; w < workers; w++) {
        var list = byWorker[w];
        for (var j = 0; j < list.length; j++) if (d.start[list[j]] + d.length[list[j]] >= view.t0) return list[j];
      }
      return -1;
    }
    function step(by) {
      if (selected < 0) return firstShown();
      var list = byWorker[d.worker[selected]], j = place[selected] + by;
      return j >= 0 && j < list.length ? list[j] : selected;
    }
    function across(by) {
      if (selected < 0) return firstShown();
      var t = d.start[selected] + d.length[selected] / 2;
      for (var w = d.worker[selected] + by; w >= 0 && w < workers; w += by) {
        var list = byWorker[w], best = -1, bestDist = Infinity;
        for (var j = 0; j < list.length; j++) {
          var s = d.start[list[j]], e = s + d.length[list[j]], dist = t < s ? s - t : t > e ? t - e : 0;
          if (dist < bestDist) { best = list[j]; bestDist = dist; }
        }
        if (best >= 0) return best;
      }
      return selected;
    }

    function zoom(factor, x) { view.zoom(factor, tOf(Math.max(LABEL, x)), 'timeline'); }
    canvas.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var r = canvas.getBoundingClientRect();
      zoom(ev.deltaY > 0 ? 1.25 : 0.8, ev.clientX - r.left);
    }, { passive: false });
    var drag = null;
    canvas.addEventListener('mousedown', function (ev) {
      var r = canvas.getBoundingClientRect();
      drag = { x: ev.clientX, y: ev.clientY, left: r.left, top: r.top, t0: view.t0, t1: view.t1, moved: false };
    });
    window.addEventListener('mousemove', function (ev) {
      if (!drag) return;
      var dx = ev.clientX - drag.x;
      if (Math.abs(dx) > 3) drag.moved = true;
      if (drag.moved) {
        var dt = dx * (drag.t1 - drag.t0) / PW;
        view.set(drag.t0 - dt, drag.t1 - dt, 'timeline');
      }
    });
    window.addEventListener('mouseup', function (ev) {
      if (!drag) return;
      if (!drag.moved) select(hit(ev.clientX - drag.left, ev.clientY - drag.top));
      drag = null;
    });
    canvas.tabIndex = 0;
    canvas.addEventListener('keydown', function (ev) {
      var mid = (view.t0 + view.t1) / 2;
      if (ev.key === '+' || ev.key === '=') view.zoom(0.8, mid, 'timeline');
      else if (ev.key === '-') view.zoom(1.25, mid, 'timeline');
      else if (ev.key === 'ArrowLeft') view.pan(-0.1, 'timeline');
      else if (ev.key === 'ArrowRight') view.pan(0.1, 'timeline');
      else if (ev.key === '0') view.reset();
      else if (ev.key === ']') show(step(1));
      else if (ev.key === '[') show(step(-1));
      else if (ev.key === 'ArrowDown') show(across(1));
      else if (ev.key === 'ArrowUp') show(across(-1));
      else if (ev.key === 'Escape') select(-1);
      else return;
      ev.preventDefault();
    });
    var go = document.getElementById('node-go'), goButton = document.getElementById('node-go-button');
    function goTo() {
      var id = Number(go.value);
      if (go.value !== '' && id >= 0 && id < n && Math.floor(id) === id) { go.removeAttribute('aria-invalid'); show(id); }
      else go.setAttribute('aria-invalid', 'true');
    }
    goButton.addEventListener('click', goTo);
    go.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); goTo(); } });
    go.max = String(n - 1);
    window.addEventListener('resize', function () { layout(); draw(); });
    linked.plotReady = function () { layout(); draw(); };
    view.listeners.push(function () { draw(); });
    draw();
  }

  /* ---- call sites: sort and filter ---- */
  function sitesTables() {
    var filter = document.getElementById('sites-filter');
    if (!filter) return;
    var profile = document.getElementById('sites-profile');
    var tables = document.querySelectorAll('.sites-table');
    function visible() { return document.getElementById('sites-' + profile.value); }
    function count() {
      var rows = visible().tBodies[0].rows, shown = 0;
      for (var i = 0; i < rows.length; i++) if (!rows[i].hidden) shown++;
      document.getElementById('sites-count').textContent = shown + ' of ' + rows.length + ' site(s)';
    }
    function apply() {
      var q = filter.value.toLowerCase();
      for (var t = 0; t < tables.length; t++) {
        var rows = tables[t].tBodies[0].rows;
        for (var i = 0; i < rows.length; i++) rows[i].hidden = q !== '' && rows[i].textContent.toLowerCase().indexOf(q) < 0;
      }
      count();
    }
    filter.addEventListener('input', apply);
    // a row's click marks its site's nodes in the timelines (a second click, or another row, changes it)
    Array.prototype.forEach.call(tables, function (table) {
      function mark(ev) {
        var tr = ev.target.closest('tr[data-site]');
        if (!tr || !(linked.markSite || linked.markFrame)) return;
        var on = tr.getAttribute('aria-selected') !== 'true';
        document.querySelectorAll('.sites-table tr[aria-selected]').forEach(function (r) { r.removeAttribute('aria-selected'); });
        if (on) tr.setAttribute('aria-selected', 'true');
        if (linked.markSite) linked.markSite(on ? Number(tr.getAttribute('data-site')) : -1);
        if (linked.markFrame) linked.markFrame(on ? tr.getAttribute('data-frame') : null);
      }
      table.tBodies[0].addEventListener('click', mark);
      if (!(linked.markSite || linked.markFrame)) return;
      // the keyboard's way: each row is focusable, Enter or Space marks it
      Array.prototype.forEach.call(table.tBodies[0].rows, function (tr) { tr.tabIndex = 0; });
      table.tBodies[0].addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); mark(ev); }
      });
    });
    profile.addEventListener('change', function () {
      document.getElementById('sites-span-box').hidden = profile.value !== 'span';
      document.getElementById('sites-work-box').hidden = profile.value !== 'work';
      count();
    });
    Array.prototype.forEach.call(tables, function (table) {
      var heads = table.tHead.rows[0].cells;
      Array.prototype.forEach.call(heads, function (th, col) {
        function sort() {
          var descending = th.getAttribute('aria-sort') !== 'descending';
          var number = th.getAttribute('data-type') === 'number';
          var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
          rows.sort(function (a, b) {
            var x = a.cells[col], y = b.cells[col], c;
            if (number) c = Number(x.getAttribute('data-value')) - Number(y.getAttribute('data-value'));
            else c = x.textContent.localeCompare(y.textContent);
            return descending ? -c : c;
          });
          rows.forEach(function (r) { body.appendChild(r); });
          Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
          th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        }
        th.addEventListener('click', sort);
        th.addEventListener('keydown', function (ev) { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sort(); } });
      });
    });
    count();
  }

  /* ---- runs compared: each bar's segments as wide as their shares (the numbers are in the table) ---- */
  function compareBars() {
    var segs = document.querySelectorAll('.compare-bar .seg');
    for (var i = 0; i < segs.length; i++) {
      segs[i].style.width = (100 * Math.max(0, Number(segs[i].getAttribute('data-share')))).toFixed(3) + '%';
    }
  }

  /* ---- contexts: an icicle (the root on top, each context as wide as its share of one metric) ---- */
  function contextsGraph() {
    var canvas = document.getElementById('contexts-canvas'), d = data('contexts');
    if (!canvas || !d) return;
    var n = d.parent.length, ROW = 18, metric = 'work', focus = 0, rects = [], markedLabel = -1;
    var METRIC_COLOURS = { work: [C.blue, C.sky], idleness: [C.vermillion, C.orange], overhead: [C.purple, '#e3b5d0'] };
    var children = [], depth = new Int32Array(n), maxDepth = 0;
    for (var i = 0; i < n; i++) children.push([]);
    for (i = 1; i < n; i++) {   // parents come before their children
      children[d.parent[i]].push(i); depth[i] = depth[d.parent[i]] + 1; if (depth[i] > maxDepth) maxDepth = depth[i];
    }
    var ctx = canvas.getContext('2d'), cssW = 0;
    function size() {
      cssW = width(canvas.parentNode);
      var cssH = Math.min(4000, (maxDepth + 1) * ROW + 2);
      canvas.style.width = cssW + 'px'; canvas.style.height = cssH + 'px';
      canvas.width = Math.round(cssW * devicePixelRatio); canvas.height = Math.round(cssH * devicePixelRatio);
      ctx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
    }
    function box(id, x, w) {
      var y = depth[id] * ROW, colours = METRIC_COLOURS[metric];
      ctx.fillStyle = d.kind[id] === 0 ? colours[0] : colours[1];   // the program's frames dark, the runtime's light
      ctx.fillRect(x, y, Math.max(1, w - 1), ROW - 1);
      if (w > 36) {
        ctx.fillStyle = d.kind[id] === 0 ? '#ffffff' : '#000000';
        ctx.save(); ctx.beginPath(); ctx.rect(x, y, w - 3, ROW); ctx.clip();
        ctx.fillText(d.labels[d.label[id]], x + 3, y + ROW / 2); ctx.restore();
      }
      if (markedLabel >= 0 && d.label[id] === markedLabel) {   // a call site's method: outlined
        ctx.strokeStyle = C.black; ctx.lineWidth = 2; ctx.strokeRect(x + 1, y + 1, Math.max(1, w - 3), ROW - 3);
      }
      rects.push([id, x, y, w]);
    }
    linked.markFrame = function (label) {
      markedLabel = label == null ? -1 : d.labels.indexOf(label);
      var count = 0;
      for (var i = 0; i < n; i++) if (markedLabel >= 0 && d.label[i] === markedLabel) count++;
      canvas.setAttribute('data-marked', String(count));
      draw();
      return count;
    };
    function draw() {
      var v = d[metric];
      ctx.clearRect(0, 0, cssW, canvas.height);
      ctx.font = '11px system-ui, sans-serif'; ctx.textBaseline = 'middle'; ctx.textAlign = 'left';
      rects = [];
      for (var a = d.parent[focus]; a >= 0; a = d.parent[a]) box(a, 0, cssW);   // the focus' callers, whole width
      var total = v[focus], drawn = 0;
      if (total > 0) {
        var queue = [[focus, 0]];
        while (queue.length) {
          var q = queue.pop(), id = q[0], x = q[1], w = v[id] / total * cssW;
          if (w < 0.5) continue;
          box(id, x, w); drawn++;
          var cx = x, kids = children[id];
          for (var k = 0; k < kids.length; k++) { queue.push([kids[k], cx]); cx += v[kids[k]] / total * cssW; }
        }
      } else {
        ctx.fillStyle = C.black; ctx.fillText('no ' + metric + ' in this context', 8, depth[focus] * ROW + ROW / 2);
      }
      document.getElementById('contexts-focus').textContent = (focus === 0 ? 'the whole run' : d.labels[d.label[focus]])
        + ': ' + human(total) + ' of ' + metric;
      canvas.setAttribute('data-metric', metric); canvas.setAttribute('data-focus', String(focus));
      canvas.setAttribute('data-drawn', String(drawn));
    }
    function details(id) {
      var box = document.getElementById('context-details'), dl = document.createElement('dl');
      box.textContent = ''; dl.className = 'facts';
      function fact(term, key, text) {
        var dt = document.createElement('dt'); dt.textContent = term;
        var dd = document.createElement('dd'); dd.setAttribute('data-key', key); dd.textContent = text;
        dl.appendChild(dt); dl.appendChild(dd);
      }
      var path = [];
      for (var a = id; a > 0; a = d.parent[a]) path.unshift(d.labels[d.label[a]]);
      fact('context', 'ctx-path', path.length ? path.join(' > ') : 'the whole run');
      var effort = d.work[id] + d.idleness[id] + d.overhead[id];
      ['work', 'idleness', 'overhead'].forEach(function (m) {
        fact(m, 'ctx-' + m, human(d[m][id]) + (effort > 0 ? ' (' + (100 * d[m][id] / effort).toFixed(1) + '% of its effort)' : ''));
      });
      box.appendChild(dl);
    }
    function show(id) { focus = id; draw(); details(id); }
    canvas.addEventListener('click', function (ev) {
      var r = canvas.getBoundingClientRect(), x = ev.clientX - r.left, y = ev.clientY - r.top;
      for (var i = 0; i < rects.length; i++) {
        var b = rects[i];
        if (x >= b[1] && x < b[1] + b[3] && y >= b[2] && y < b[2] + ROW) { show(b[0]); return; }
      }
    });
    var radios = document.querySelectorAll('input[name=contexts-metric]');
    for (i = 0; i < radios.length; i++) {
      radios[i].addEventListener('change', function (ev) { metric = ev.target.value; draw(); });
    }
    document.getElementById('contexts-reset').addEventListener('click', function () { show(0); });
    var advised = document.querySelectorAll('#contexts-advice tr[data-context]');
    for (i = 0; i < advised.length; i++) {
      advised[i].tabIndex = 0;
      advised[i].addEventListener('click', function (ev) {
        show(Number(ev.currentTarget.getAttribute('data-context')));
        canvas.scrollIntoView({ block: 'nearest' });
      });
      advised[i].addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); ev.currentTarget.click(); }
      });
    }
    window.addEventListener('resize', function () { size(); draw(); });
    size(); draw();
  }

  scalingCharts();
  profileChart();
  compareBars();
  contextsGraph();
  timelines();
  viewControls();
  sitesTables();
  // the script's own time, and the time from the navigation's start to everything drawn
  document.body.setAttribute('data-ready-ms', String(Math.round(performance.now() - started)));
  document.body.setAttribute('data-ready-at-ms', String(Math.round(performance.now())));
  document.body.setAttribute('data-ready', 'true');
})();
