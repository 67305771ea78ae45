// Draws a theme's trend (the page's #trend-data) with uPlot into #trend-chart, in the page's colour
// scheme, redrawn when the width or the scheme changes. Without script the table below it has the figures.
(function () {
  'use strict';
  const target = document.getElementById('trend-chart');
  const source = document.getElementById('trend-data');
  if (!target || !source || typeof uPlot !== 'function') return;
  const data = JSON.parse(source.textContent);
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  let chart;

  const cssVar = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

  function options(width) {
    const grid = { stroke: cssVar('--chart-grid'), width: 1 };
    const axis = { stroke: cssVar('--muted'), grid, ticks: grid };
    return {
      width,
      height: 260,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [axis, { ...axis, size: 44 }],
      series: [
        {},
        { label: 'All items', stroke: cssVar('--chart-total'), width: 2, fill: cssVar('--chart-total') + '22', points: { show: data.starts.length <= 60 } },
        { label: 'Negative', stroke: cssVar('--chart-negative'), width: 2, dash: [6, 4], points: { show: false } },
      ],
    };
  }

  function draw() {
    const width = Math.max(240, Math.floor(target.getBoundingClientRect().width));
    if (chart) chart.destroy();
    chart = new uPlot(options(width), [data.starts, data.counts, data.negative], target);
  }

  draw();
  let lastWidth = target.getBoundingClientRect().width;
  new ResizeObserver(() => {
    const width = target.getBoundingClientRect().width;
    if (Math.abs(width - lastWidth) >= 1) {
      lastWidth = width;
      draw();
    }
  }).observe(target);
  scheme.addEventListener('change', draw);
})();
