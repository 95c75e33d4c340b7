/**
 * The one script of the public pages the server renders (public-page.ts, ADR 098), as plain
 * JavaScript for every browser the web build targets; nothing waits for it to paint. It
 *  - keeps the language as the app does (lib/language.ts): a choice stored in the browser by
 *    the app wins on a page whose address names none, and the page's language is stored;
 *  - writes the cart's count (the cart lives in localStorage, ADRs 066 and 075) into the header;
 *  - follows the language menu at once, without its submit button;
 *  - lets the cookie banner choose, customise and close in place;
 *  - runs the landing page's "how it works" reveal (steps at 1.0…5.0 s, blocks at 3, 4, 5 s
 *    after the section is first 10 % visible; all at once with reduced motion).
 * Without it every part still works: links and forms, everything shown.
 */
export const PUBLIC_PAGE_SCRIPT = String.raw`(function () {
  var root = document.documentElement, page = root.getAttribute('data-language');
  var languages = ['en', 'es', 'va'], secure = location.protocol === 'https:' ? '; Secure' : '';
  var year = '; Path=/; Max-Age=31536000; SameSite=Lax' + secure;
  function read(key) { try { return localStorage.getItem(key); } catch (error) { return null; } }
  function keep(language) {
    try { localStorage.setItem('i18nextLng', language); } catch (error) { /* storage blocked */ }
    document.cookie = 'regalo-language=' + language + year;
  }
  var named = new URLSearchParams(location.search).get('lang');
  var stored = read('i18nextLng'), cookie = /(?:^|;\s*)regalo-language=/.test(document.cookie);
  if (!named && !cookie && languages.indexOf(stored) >= 0 && stored !== page) { keep(stored); location.reload(); return; }
  if (page && (stored !== page || !cookie)) keep(page);
  root.classList.add('js');

  function countCart() {
    var lines = 0;
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (!key || key.indexOf('regalo.cart:') !== 0) continue;
        var cart = JSON.parse(localStorage.getItem(key) || 'null');
        var list = cart && (Array.isArray(cart.lines) ? cart.lines : cart.items);
        if (Array.isArray(list)) lines += list.length;
      }
    } catch (error) { /* unreadable storage: no count */ }
    var links = document.querySelectorAll('[data-cart]');
    for (var j = 0; j < links.length; j++) {
      var link = links[j], badge = link.querySelector('[data-cart-count]');
      badge.textContent = String(lines);
      badge.hidden = lines === 0;
      if (lines > 0) link.setAttribute('aria-label', link.getAttribute(lines === 1 ? 'data-one' : 'data-other').replace('#', String(lines)));
      else link.removeAttribute('aria-label');
    }
  }
  countCart();
  addEventListener('storage', countCart);
  addEventListener('pageshow', countCart);

  var menus = document.querySelectorAll('[data-language-menu] select');
  for (var m = 0; m < menus.length; m++) menus[m].addEventListener('change', function (event) {
    var form = event.target.form, params = new URLSearchParams(new FormData(form));
    keep(event.target.value);
    location.assign(form.getAttribute('action') + '?' + params.toString());
  });

  var banner = document.querySelector('[data-cookie-banner]');
  if (banner) {
    var form = banner.querySelector('form'), categories = banner.querySelector('[data-categories]');
    var customise = banner.querySelector('[data-customise]'), close = banner.querySelector('[data-close]');
    close.hidden = false;
    close.addEventListener('click', function () { banner.hidden = true; });
    function openCategories() {
      var consent = document.cookie;
      form.elements.analytics.checked = /(?:^|;\s*)analytics-consent=true/.test(consent);
      form.elements.marketing.checked = /(?:^|;\s*)marketing-consent=true/.test(consent);
      categories.hidden = false;
      if (customise) customise.hidden = true;
      banner.hidden = false;
      banner.focus();
    }
    if (customise) customise.addEventListener('click', function (event) { event.preventDefault(); openCategories(); });
    var settings = document.querySelector('[data-cookie-settings]');
    if (settings) settings.addEventListener('submit', function (event) { event.preventDefault(); openCategories(); });
    form.addEventListener('submit', function (event) {
      var choice = event.submitter && event.submitter.value;
      if (choice !== 'all' && choice !== 'necessary' && choice !== 'save') return;
      event.preventDefault();
      var analytics = choice === 'all' || (choice === 'save' && form.elements.analytics.checked);
      var marketing = choice === 'all' || (choice === 'save' && form.elements.marketing.checked);
      document.cookie = 'cookie-consent=' + (analytics && marketing ? 'all' : 'necessary') + year;
      document.cookie = 'analytics-consent=' + analytics + year;
      document.cookie = 'marketing-consent=' + marketing + year;
      banner.hidden = true;
    });
  }

  var section = document.querySelector('[data-timeline]');
  if (section && !matchMedia('(prefers-reduced-motion: reduce)').matches && 'IntersectionObserver' in window) {
    var steps = section.querySelectorAll('[data-step]'), blocks = section.querySelectorAll('[data-block]');
    var progress = section.querySelector('[role=progressbar]'), bar = progress.firstElementChild;
    var counter = section.querySelector('[data-progress]'), total = steps.length;
    var template = progress.getAttribute('data-valuetext');
    function light(count) {
      for (var s = 0; s < total; s++) steps[s].setAttribute('data-state', s < count ? 'lit' : 'waiting');
      progress.setAttribute('aria-valuenow', String(count));
      progress.setAttribute('aria-valuetext', template.replace('#', String(count)));
      bar.style.transform = 'scaleX(' + count / total + ')';
      counter.textContent = count + '/' + total;
    }
    function show(count) {
      for (var b = 0; b < blocks.length; b++) {
        var shown = b < count;
        blocks[b].setAttribute('data-state', shown ? 'shown' : 'hidden');
        blocks[b].inert = !shown;
      }
    }
    light(0); show(0);
    section.setAttribute('data-timeline', 'waiting');
    var observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (entry) { return entry.isIntersecting && entry.intersectionRatio >= 0.099; })) return;
      observer.disconnect();
      section.setAttribute('data-timeline', 'started');
      [1000, 1800, 2600, 3400, 4200, 5000].forEach(function (delay, index) { setTimeout(function () { light(index + 1); }, delay); });
      [3000, 4000, 5000].forEach(function (delay, index) { setTimeout(function () { show(index + 1); }, delay); });
    }, { threshold: 0.1 });
    observer.observe(section);
  }
})();
`;
