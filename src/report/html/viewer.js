// The juiz replay viewer: draws the table of each step from the embedded data (zones and
// counters of the game-neutral table model, one view per viewer), the timeline of messages, and
// the controls. Every text from the data goes in with textContent, never as HTML.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('juiz-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var el = function (tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };
  var last = D.steps.length - 1;
  var cur = 0, viewer = 0, timer = null, speed = 1, shownRows = [];

  // The step each timeline row belongs to: the last step that happened at or before it.
  var rowStep = new Array(D.rows.length);
  (function () {
    var k = 0;
    for (var i = 0; i < D.rows.length; i++) {
      while (k < last && D.steps[k + 1].row <= i) k++;
      rowStep[i] = k;
    }
  })();

  function seatName(s) { return s >= 0 && s < D.seats.length ? D.seats[s] : ''; }

  function card(token, zoneId) {
    var c = el('span', 'card');
    c.setAttribute('data-card', token);
    c.setAttribute('data-zone', zoneId);
    if (token === 'JK' || token === 'SJ' || token === 'BJ') {
      c.className += ' joker' + (token === 'BJ' ? ' red' : token === 'SJ' ? ' black' : '');
      c.textContent = token;
      c.title = token === 'SJ' ? 'small joker' : token === 'BJ' ? 'big joker' : 'joker';
    } else {
      var suit = token.slice(-1);
      c.className += (suit === '\u2665' || suit === '\u2666') ? ' red' : ' black';
      c.textContent = token;
    }
    return c;
  }

  function zoneBox(z, changed) {
    var box = el('div', 'zone');
    box.setAttribute('data-zone', z.id);
    box.setAttribute('data-kind', z.kind);
    var label = el('div', 'label', z.label + ' (' + z.count + ')');
    (z.tags || []).forEach(function (t) { label.appendChild(el('span', 'tag', t)); });
    box.appendChild(label);
    var cards = el('div', 'cards');
    if (z.cards) {
      z.cards.forEach(function (t) { cards.appendChild(card(t, z.id)); });
    } else if (z.count > 0) {
      var back = el('span', 'card back', '\u00d7' + z.count);
      back.title = z.count + ' face-down card(s)';
      cards.appendChild(back);
    }
    box.appendChild(cards);
    if (changed) box.className += ' changed';
    return box;
  }

  function counterLine(list) {
    var line = el('div', 'counters');
    list.forEach(function (c) {
      var span = el('span', 'counter');
      span.setAttribute('data-counter', c.id);
      span.appendChild(document.createTextNode(c.label + ': '));
      span.appendChild(el('b', null, c.value));
      line.appendChild(span);
    });
    return line;
  }

  function owned(list, type, index) {
    return list.filter(function (x) {
      return x.owner.type === type && (type === 'nobody' || x.owner.index === index);
    });
  }

  function drawTable() {
    var step = D.steps[cur];
    var zones = step.views[viewer].map(function (i) { return D.zones[i]; });
    var counters = D.counter_sets[step.counters[viewer]];
    var prev = cur > 0 ? D.steps[cur - 1].views[viewer] : null;
    var previous = {};
    if (prev) prev.forEach(function (i) { previous[D.zones[i].id] = D.zones[i]; });
    var byId = function (z) { return prev !== null && previous[z.id] !== z; };
    var t = $('table');
    t.replaceChildren();
    t.className = D.fault && cur === D.fault.step ? 'at-fault' : '';
    t.appendChild(counterLine(owned(counters, 'nobody')));
    var center = el('div', 'center');
    owned(zones, 'nobody').forEach(function (z) { center.appendChild(zoneBox(z, byId(z))); });
    t.appendChild(center);
    var sides = el('div', 'sides');
    var sideCount = Math.max.apply(null, D.sides.concat([0])) + 1;
    for (var s = 0; s < sideCount; s++) {
      var side = el('div', 'side');
      side.setAttribute('data-side', s);
      var members = D.seats.filter(function (_, i) { return D.sides[i] === s; });
      side.appendChild(el('h3', null, 'side ' + s + ': ' + members.join(' & ')));
      side.appendChild(counterLine(owned(counters, 'side', s)));
      D.seats.forEach(function (id, seat) {
        if (D.sides[seat] !== s) return;
        var box = el('div', 'seat');
        box.setAttribute('data-seat', seat);
        if (step.to_play.indexOf(seat) >= 0) box.className += ' to-play';
        var who = id + (viewer === seat + 1 ? ' (this view)' : '') + (step.to_play.indexOf(seat) >= 0 ? ' \u2190 to play' : '');
        box.appendChild(el('h3', null, who));
        box.appendChild(counterLine(owned(counters, 'seat', seat)));
        owned(zones, 'seat', seat).forEach(function (z) { box.appendChild(zoneBox(z, byId(z))); });
        side.appendChild(box);
      });
      owned(zones, 'side', s).forEach(function (z) { side.appendChild(zoneBox(z, byId(z))); });
      sides.appendChild(side);
    }
    t.appendChild(sides);
  }

  function buildTimeline() {
    var body = $('timeline').tBodies[0];
    var arrows = { '>': '\u2192', '<': '\u2190', '*': '\u00b7', '!': '!', '=': '=' };
    var names = { '>': 'to', '<': 'from', '*': 'event', '!': 'fault', '=': 'result' };
    var frag = document.createDocumentFragment();
    D.rows.forEach(function (r, i) {
      var tr = el('tr', 'd-' + names[r[3]]);
      tr.setAttribute('data-row', i);
      tr.setAttribute('data-step', rowStep[i]);
      if (r[3] === '!') tr.className += ' fault';
      tr.appendChild(el('td', 'num', r[0]));
      tr.appendChild(el('td', 'num', r[1] + 'ms'));
      tr.appendChild(el('td', 'who', seatName(r[2])));
      tr.appendChild(el('td', 'dir', arrows[r[3]] || r[3]));
      tr.appendChild(el('td', 'text', r[4]));
      tr.appendChild(el('td', 'num', r[5] >= 0 ? r[5] + 'ms' : ''));
      if (r[5] >= 0) tr.lastChild.title = 'move time: from the prompt to the line';
      frag.appendChild(tr);
    });
    body.appendChild(frag);
    body.addEventListener('click', function (e) {
      var tr = e.target.closest('tr');
      if (tr) go(Number(tr.getAttribute('data-step')));
    });
  }

  function markRows() {
    var body = $('timeline').tBodies[0];
    shownRows.forEach(function (tr) { tr.classList.remove('current'); });
    var from = D.steps[cur].row, to = cur < last ? D.steps[cur + 1].row : D.rows.length;
    if (cur === 0) from = 0;
    shownRows = [];
    for (var i = from; i < to; i++) {
      body.rows[i].classList.add('current');
      shownRows.push(body.rows[i]);
    }
    // Scroll the timeline's own box, never the page, to the step's row.
    var anchor = body.rows[D.steps[cur].row], box = $('timeline-box');
    if (anchor && (anchor.offsetTop < box.scrollTop || anchor.offsetTop > box.scrollTop + box.clientHeight - 40)) {
      box.scrollTop = Math.max(0, anchor.offsetTop - box.clientHeight / 3);
    }
  }

  function go(k, keepHash) {
    cur = Math.max(0, Math.min(last, k | 0));
    var step = D.steps[cur];
    $('slider').value = cur;
    var what = step.seat !== null && step.seat !== undefined ? seatName(step.seat) + ': ' + step.label : step.label;
    $('step-label').textContent = 'step ' + cur + ' / ' + last + ' \u00b7 ' + what +
      (D.fault && cur === D.fault.step ? ' \u00b7 FAULT' : '');
    drawTable();
    markRows();
    if (!keepHash) {
      var hash = '#step=' + cur + (viewer ? '&view=' + (viewer - 1) : '');
      try { history.replaceState(null, '', hash); } catch (e) { location.hash = hash; }
    }
    if (cur === last) stop();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    $('play').textContent = '\u25b6';
    $('play').title = 'play (space)';
  }

  function play() {
    if (timer) return stop();
    if (cur === last) go(0);
    $('play').textContent = '\u23f8';
    $('play').title = 'pause (space)';
    timer = setInterval(function () { go(cur + 1); }, 800 / speed);
  }

  function readHash() {
    var m = /step=(\d+)/.exec(location.hash), v = /view=(\d+)/.exec(location.hash);
    viewer = v && Number(v[1]) < D.seats.length ? Number(v[1]) + 1 : 0;
    $('viewer').value = String(viewer);
    if (m) return Number(m[1]);
    return D.fault ? D.fault.step : 0;
  }

  function setup() {
    document.title = D.game + ' \u00b7 seed ' + D.seed + ' \u00b7 ' + D.seats.join(' vs ');
    $('title').textContent = document.title;
    $('result').textContent = D.result + ' \u00b7 ' + D.source;
    var sel = $('viewer');
    sel.appendChild(new Option('everything (omniscient)', '0'));
    D.seats.forEach(function (id, s) { sel.appendChild(new Option('as seat ' + s + ' (' + id + ') sees it', String(s + 1))); });
    $('slider').max = last;
    if (D.fault) {
      var f = D.fault, banner = $('fault-banner');
      banner.hidden = false;
      banner.appendChild(el('span', 'fault-text', 'fault: ' + seatName(f.seat) + ' \u2014 ' + f.kind));
      banner.appendChild(el('span', null, ': ' + f.detail));
      if (f.line !== null && f.line !== undefined) banner.appendChild(el('div', null, 'offending line: ' + f.line));
      if (f.hint) banner.appendChild(el('div', null, 'hint: ' + f.hint));
      if (f.hint_pt) banner.appendChild(el('div', 'muted', 'dica: ' + f.hint_pt)).lang = 'pt';
      var b = el('button', null, 'go to the fault');
      b.id = 'go-fault';
      b.onclick = function () { go(f.step); };
      banner.appendChild(b);
    }
    buildTimeline();
    var box = $('stderr');
    D.stderr.forEach(function (text, s) {
      if (text === null) return;
      var d = el('details');
      d.appendChild(el('summary', null, 'stderr of ' + seatName(s) + ' (' + text.split('\n').length + ' lines; the log does not record when each was written)'));
      d.appendChild(el('pre', null, text));
      box.appendChild(d);
    });
    var meta = $('meta-list');
    D.meta.forEach(function (kv) { meta.appendChild(el('li', null, kv[0] + ' = ' + kv[1])); });
    $('first').onclick = function () { stop(); go(0); };
    $('prev').onclick = function () { stop(); go(cur - 1); };
    $('next').onclick = function () { stop(); go(cur + 1); };
    $('last').onclick = function () { stop(); go(last); };
    $('play').onclick = play;
    $('slider').oninput = function () { stop(); go(Number(this.value)); };
    $('speed').onchange = function () { speed = Number(this.value) || 1; if (timer) { stop(); play(); } };
    sel.onchange = function () { viewer = Number(sel.value); go(cur); };
    window.addEventListener('hashchange', function () { go(readHash(), true); });
    document.addEventListener('keydown', function (e) {
      var tag = (e.target && e.target.tagName) || '';
      if (tag === 'SELECT' || tag === 'INPUT') return;
      var keys = { ArrowLeft: function () { stop(); go(cur - 1); }, ArrowRight: function () { stop(); go(cur + 1); },
        Home: function () { stop(); go(0); }, End: function () { stop(); go(last); }, ' ': play };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    go(readHash());
    document.documentElement.setAttribute('data-ready', '1');
    // Milliseconds from the start of navigation until the page was drawn (for `juiz bench --pages`).
    document.documentElement.setAttribute('data-ready-ms', String(Math.round(performance.now())));
  }

  setup();
})();
