// SPDX-License-Identifier: MIT
/*
 * A small XML reader for the OA metric files (see xml.h).
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * One pass over the bytes; an element's name and attributes are copied
 * (entities replaced) for the callbacks and freed when it is done with.
 * Positions are found by counting newlines forward from the last one
 * asked for, so error messages and callbacks cost no second pass.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xml.h"

struct reader {
	const char *s;
	size_t len, pos;
	const struct ioa_xml_handler *h;
	void *ctx;
	struct ioa_xml_pos *where;
	char *msg;
	size_t msg_len;
	char *stack[IOA_XML_MAX_DEPTH];
	int depth;
	int roots;
	/* newline counting: offset counted up to, its line, line start */
	size_t c_off, c_line_at;
	unsigned int c_line;
};

static void locate(struct reader *r, size_t at)
{
	for (; r->c_off < at && r->c_off < r->len; r->c_off++) {
		if (r->s[r->c_off] == '\n') {
			r->c_line++;
			r->c_line_at = r->c_off + 1;
		}
	}
	r->where->line = r->c_line;
	r->where->column = (unsigned int)(at - r->c_line_at + 1);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(struct reader *r, size_t at, const char *fmt, ...)
{
	va_list ap;

	locate(r, at);
	va_start(ap, fmt);
	vsnprintf(r->msg, r->msg_len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool name_start(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       c == '_' || c == ':' || c >= 0x80;
}

static bool name_char(unsigned char c)
{
	return name_start(c) || (c >= '0' && c <= '9') || c == '-' ||
	       c == '.';
}

static size_t skip_ws(struct reader *r, size_t at)
{
	while (at < r->len && is_ws(r->s[at]))
		at++;
	return at;
}

/* Length of the name at @at (0: none). */
static size_t name_len(const struct reader *r, size_t at)
{
	size_t n = 0;

	if (at >= r->len || !name_start((unsigned char)r->s[at]))
		return 0;
	while (at + n < r->len && name_char((unsigned char)r->s[at + n]))
		n++;
	return n;
}

static bool starts(const struct reader *r, size_t at, const char *lit)
{
	size_t n = strlen(lit);

	return at + n <= r->len && !memcmp(r->s + at, lit, n);
}

/* Offset of @lit at or after @at, or r->len. */
static size_t find(const struct reader *r, size_t at, const char *lit)
{
	size_t n = strlen(lit);

	for (; at + n <= r->len; at++)
		if (r->s[at] == lit[0] && !memcmp(r->s + at, lit, n))
			return at;
	return r->len;
}

static size_t put_utf8(char *out, unsigned long cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/*
 * The attribute value s[at, end) with entities replaced, in a new
 * string; NULL and the error set when it is malformed or memory ran out
 * (*ret says which).
 */
static char *decode(struct reader *r, size_t at, size_t end, int *ret)
{
	static const struct {
		const char *name;
		char c;
	} ents[] = {
		{ "lt;", '<' }, { "gt;", '>' }, { "amp;", '&' },
		{ "quot;", '"' }, { "apos;", '\'' },
	};
	char *out = malloc(end - at + 1);
	size_t o = 0, i;

	if (!out) {
		*ret = -ENOMEM;
		return NULL;
	}
	while (at < end) {
		char c = r->s[at];

		if (c == '<') {
			*ret = fail(r, at, "'<' in an attribute value");
			goto err;
		}
		if (c != '&') {
			out[o++] = c;
			at++;
			continue;
		}
		for (i = 0; i < sizeof(ents) / sizeof(ents[0]); i++)
			if (starts(r, at + 1, ents[i].name))
				break;
		if (i < sizeof(ents) / sizeof(ents[0])) {
			out[o++] = ents[i].c;
			at += 1 + strlen(ents[i].name);
		} else if (starts(r, at + 1, "#")) {
			bool hex = starts(r, at + 2, "x");
			size_t p = at + 2 + hex, digits = 0;
			unsigned long cp = 0;

			for (; p < end && r->s[p] != ';'; p++, digits++) {
				char d = r->s[p];
				int v = d >= '0' && d <= '9' ? d - '0' :
					hex && d >= 'a' && d <= 'f' ? d - 'a' + 10 :
					hex && d >= 'A' && d <= 'F' ? d - 'A' + 10 : -1;

				if (v < 0 || cp > 0x10ffff)
					break;
				cp = cp * (hex ? 16 : 10) + (unsigned long)v;
			}
			if (p >= end || r->s[p] != ';' || !digits || !cp ||
			    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
				*ret = fail(r, at, "bad character reference");
				goto err;
			}
			/* 4 UTF-8 bytes never take more room than "&#N;" */
			o += put_utf8(out + o, cp);
			at = p + 1;
		} else {
			*ret = fail(r, at, "unknown entity (only &lt; &gt; &amp; &quot; &apos; and &#N;)");
			goto err;
		}
	}
	out[o] = '\0';
	return out;
err:
	free(out);
	return NULL;
}

static char *copy(const struct reader *r, size_t at, size_t n)
{
	char *out = malloc(n + 1);

	if (out) {
		memcpy(out, r->s + at, n);
		out[n] = '\0';
	}
	return out;
}

/* "<name attr='v' ...>" or "<name .../>" at r->pos. */
static int element(struct reader *r)
{
	struct ioa_xml_attr attrs[IOA_XML_MAX_ATTRS];
	size_t start = r->pos, at = r->pos + 1, n, na = 0, i;
	bool empty = false;
	char *name;
	int ret = 0;

	n = name_len(r, at);
	if (!n)
		return fail(r, at, "expected an element name after '<'");
	if (r->depth == 0 && r->roots)
		return fail(r, start, "a second root element");
	if (r->depth == IOA_XML_MAX_DEPTH)
		return fail(r, start, "elements nested deeper than %d",
			    IOA_XML_MAX_DEPTH);
	name = copy(r, at, n);
	if (!name)
		return -ENOMEM;
	at += n;
	for (;;) {
		size_t ws = at, an, q, vend;

		at = skip_ws(r, at);
		if (starts(r, at, "/>")) {
			empty = true;
			at += 2;
			break;
		}
		if (starts(r, at, ">")) {
			at++;
			break;
		}
		if (at >= r->len) {
			ret = fail(r, start, "element <%s> is not closed by '>'", name);
			goto out;
		}
		an = name_len(r, at);
		if (!an || at == ws) {
			ret = fail(r, at, an ? "expected white space before an attribute" :
				   "expected an attribute name, '>' or '/>'");
			goto out;
		}
		if (na == IOA_XML_MAX_ATTRS) {
			ret = fail(r, at, "more than %d attributes", IOA_XML_MAX_ATTRS);
			goto out;
		}
		attrs[na].name = copy(r, at, an);
		attrs[na].value = NULL;
		if (!attrs[na].name) {
			ret = -ENOMEM;
			goto out;
		}
		na++;
		for (i = 0; i + 1 < na; i++) {
			if (!strcmp(attrs[i].name, attrs[na - 1].name)) {
				ret = fail(r, at, "attribute '%s' given twice",
					   attrs[i].name);
				goto out;
			}
		}
		at = skip_ws(r, at + an);
		if (!starts(r, at, "=")) {
			ret = fail(r, at, "expected '=' after attribute '%s'",
				   attrs[na - 1].name);
			goto out;
		}
		at = skip_ws(r, at + 1);
		if (at >= r->len || (r->s[at] != '"' && r->s[at] != '\'')) {
			ret = fail(r, at, "expected a quoted value for attribute '%s'",
				   attrs[na - 1].name);
			goto out;
		}
		q = at;
		vend = at + 1;
		while (vend < r->len && r->s[vend] != r->s[q])
			vend++;
		if (vend >= r->len) {
			ret = fail(r, q, "unterminated value of attribute '%s'",
				   attrs[na - 1].name);
			goto out;
		}
		attrs[na - 1].value = decode(r, q + 1, vend, &ret);
		if (!attrs[na - 1].value)
			goto out;
		at = vend + 1;
	}
	r->pos = at;
	locate(r, start);
	if (r->h->start)
		ret = r->h->start(r->ctx, name, attrs, na);
	if (!ret && empty && r->h->end) {
		locate(r, start);
		ret = r->h->end(r->ctx, name);
	}
	if (!ret) {
		if (r->depth == 0)
			r->roots++;
		if (!empty) {
			r->stack[r->depth++] = name;
			name = NULL;
		}
	}
out:
	for (i = 0; i < na; i++) {
		free((char *)attrs[i].name);
		free((char *)attrs[i].value);
	}
	free(name);
	return ret;
}

/* "</name>" at r->pos. */
static int end_tag(struct reader *r)
{
	size_t start = r->pos, at = r->pos + 2, n = name_len(r, at);
	int ret = 0;

	if (!n)
		return fail(r, at, "expected an element name after '</'");
	if (!r->depth)
		return fail(r, start, "'</%.*s>' closes no element", (int)n,
			    r->s + at);
	if (strlen(r->stack[r->depth - 1]) != n ||
	    memcmp(r->stack[r->depth - 1], r->s + at, n))
		return fail(r, start, "expected '</%s>', found '</%.*s>'",
			    r->stack[r->depth - 1], (int)n, r->s + at);
	at = skip_ws(r, at + n);
	if (!starts(r, at, ">"))
		return fail(r, at, "expected '>' to end '</%s'",
			    r->stack[r->depth - 1]);
	r->pos = at + 1;
	locate(r, start);
	if (r->h->end)
		ret = r->h->end(r->ctx, r->stack[r->depth - 1]);
	free(r->stack[--r->depth]);
	return ret;
}

/* Skip from r->pos past @close; @what names the construct. */
static int skip_past(struct reader *r, size_t from, const char *close,
		     const char *what)
{
	size_t end = find(r, from, close);

	if (end >= r->len)
		return fail(r, r->pos, "unterminated %s", what);
	r->pos = end + strlen(close);
	return 0;
}

int ioa_xml_parse(const char *text, size_t len,
		  const struct ioa_xml_handler *h, void *ctx,
		  struct ioa_xml_pos *pos, char *msg, size_t msg_len)
{
	struct reader r = {
		.s = text, .len = len, .h = h, .ctx = ctx, .where = pos,
		.msg = msg, .msg_len = msg_len, .c_line = 1,
	};
	int ret = 0;

	if (msg_len)
		msg[0] = '\0';
	pos->line = 1;
	pos->column = 1;
	/* a UTF-8 byte order mark is allowed before anything */
	if (starts(&r, 0, "\xef\xbb\xbf"))
		r.pos = r.c_off = r.c_line_at = 3;
	while (!ret && r.pos < r.len) {
		const char *lt = memchr(r.s + r.pos, '<', r.len - r.pos);
		size_t next = lt ? (size_t)(lt - r.s) : r.len;

		if (!r.depth) {
			size_t t = skip_ws(&r, r.pos);

			if (t < next) {
				ret = fail(&r, t, "text outside the root element");
				break;
			}
		}
		r.pos = next;
		if (!lt)
			break;
		if (starts(&r, r.pos, "<!--"))
			ret = skip_past(&r, r.pos + 4, "-->", "comment");
		else if (starts(&r, r.pos, "<?"))
			ret = skip_past(&r, r.pos + 2, "?>",
					"processing instruction");
		else if (starts(&r, r.pos, "<![CDATA[") && r.depth)
			ret = skip_past(&r, r.pos + 9, "]]>", "CDATA section");
		else if (starts(&r, r.pos, "<!"))
			ret = fail(&r, r.pos, "DTDs and declarations are not supported");
		else if (starts(&r, r.pos, "</"))
			ret = end_tag(&r);
		else
			ret = element(&r);
	}
	if (!ret && r.depth)
		ret = fail(&r, r.len, "element <%s> is not closed",
			   r.stack[r.depth - 1]);
	if (!ret && !r.roots)
		ret = fail(&r, r.len, "no root element");
	while (r.depth)
		free(r.stack[--r.depth]);
	return ret;
}
