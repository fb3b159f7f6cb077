import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/platform/resources/html.ts';

describe('sanitizeHtml (html fields)', () => {
  it('keeps ordinary rich text as it is', () => {
    const rich =
      '<h2>客房服务</h2><p style="text-align: center">Open <strong>24 h</strong>, dial <a href="tel:8000">8000</a>.</p>' +
      '<ul><li>Towels</li><li>Pillows &amp; blankets</li></ul><img src="https://cdn.example/pool.jpg" alt="Pool" width="320">' +
      '<table><tbody><tr><td colspan="2">Breakfast 07:00–10:00</td></tr></tbody></table><br><hr>';
    expect(sanitizeHtml(rich)).toBe(rich);
  });

  it('drops scripts, styles and embedded documents with their content', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeHtml('a<SCRIPT type="text/javascript">x="</p>"</SCRIPT >b')).toBe('ab');
    expect(sanitizeHtml('a<style>body{display:none}</style>b')).toBe('ab');
    expect(sanitizeHtml('a<iframe src="https://x"></iframe>b')).toBe('ab');
    expect(sanitizeHtml('a<svg><g onload="x()"><script>y()</script></g></svg>b')).toBe('ab');
    expect(sanitizeHtml('a<svg/>b')).toBe('ab');
    expect(sanitizeHtml('a<object data="x"><embed src="x"></object>b')).toBe('ab');
    expect(sanitizeHtml('a<embed src="x.swf">b')).toBe('ab');
    expect(sanitizeHtml('a<script>never closed')).toBe('a');
    expect(sanitizeHtml('a<!-- <script>x()</script> -->b')).toBe('ab');
  });

  it('removes event handlers and any attribute outside the allow-list', () => {
    expect(sanitizeHtml('<p onclick="x()" id="a" class="b">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
    expect(sanitizeHtml('<img/src="x"/onerror="alert(1)">')).toBe('<img src="x">');
    expect(sanitizeHtml('<b ONMOUSEOVER="x()">t</b>')).toBe('<b>t</b>');
    expect(sanitizeHtml('<a href="https://a" target="_blank">t</a>')).toBe(
      '<a href="https://a" target="_blank" rel="noopener noreferrer">t</a>',
    );
  });

  it('refuses javascript:, data: and vbscript: addresses however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">t</a>`), href).toBe('<a>t</a>');
    }
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=x()>">')).toBe('<img>');
    expect(sanitizeHtml('<a href="/admin.php/common/file/1?sig=a&amp;b=2">f</a>')).toBe(
      '<a href="/admin.php/common/file/1?sig=a&amp;b=2">f</a>',
    );
  });

  it('keeps only plain style values', () => {
    expect(sanitizeHtml('<span style="color:#ff0000;background-image:url(javascript:x)">t</span>')).toBe(
      '<span style="color: #ff0000">t</span>',
    );
    expect(sanitizeHtml('<span style="width: expression(alert(1))">t</span>')).toBe('<span>t</span>');
    expect(sanitizeHtml('<span style="color: rgb(1, 2, 3)">t</span>')).toBe(
      '<span style="color: rgb(1, 2, 3)">t</span>',
    );
  });

  it('turns what is not markup into text, and balances the tags it keeps', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('<p>open')).toBe('<p>open</p>');
    expect(sanitizeHtml('t</div></p>')).toBe('t');
    expect(sanitizeHtml('<b><i>x</b>y')).toBe('<b><i>x</i></b>y');
    expect(sanitizeHtml('<custom-el data-x="1">kept text</custom-el>')).toBe('kept text');
    expect(sanitizeHtml('<p title="a&quot;><script>x()</script>">t</p>')).toBe(
      '<p title="a&quot;&gt;&lt;script&gt;x()&lt;/script&gt;">t</p>',
    );
    expect(sanitizeHtml('<p title=\'x" onmouseover="y()\'>t</p>')).toBe(
      '<p title="x&quot; onmouseover=&quot;y()">t</p>',
    );
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });
});
