// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics csv: the CSV input: a "seconds" column
 * and one column per counter (Documentation/metrics.rst, "CSV input").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics-cli.h"

void csv_free(struct csv *c)
{
	size_t i;

	for (i = 0; i < c->n_cols; i++)
		free(c->cols[i]);
	free(c->cols);
	free(c->vals);
	free(c->secs);
	free(c->lines);
}

/* Split one line at commas in place; blanks around fields are dropped. */
static size_t split(char *line, char **fields, size_t *cols, size_t max)
{
	size_t n = 0;
	char *p = line;

	for (;;) {
		char *start = p, *end;

		while (*start == ' ' || *start == '\t')
			start++;
		end = strchr(start, ',');
		if (!end)
			end = start + strlen(start);
		if (n < max) {
			char *e = end;

			while (e > start && (e[-1] == ' ' || e[-1] == '\t' ||
					     e[-1] == '\r'))
				e--;
			fields[n] = start;
			cols[n] = (size_t)(start - line) + 1;
			if (*end == ',') {
				*e = '\0';
				p = end + 1;
			} else {
				*e = '\0';
				p = NULL;
			}
		} else {
			p = *end == ',' ? end + 1 : NULL;
		}
		n++;
		if (!p)
			return n;
	}
}

static int parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	int hex = 0, digits = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		hex = 1;
		s += 2;
	}
	for (; *s; s++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (hex && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (hex && *s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -1;
		if (v > (UINT64_MAX - (uint64_t)d) / (hex ? 16u : 10u))
			return -1;
		v = v * (hex ? 16u : 10u) + (uint64_t)d;
		digits++;
	}
	if (!digits)
		return -1;
	*out = v;
	return 0;
}

static int parse_seconds(const char *s, double *out)
{
	char *end;

	if (!*s)
		return -1;
	errno = 0;
	*out = strtod(s, &end);
	if (*end || errno || !isfinite(*out))
		return -1;
	return 0;
}

int csv_load(struct csv *c, const char *path, int deltas)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t n;
	unsigned int lineno = 0;
	char **fields = NULL;
	size_t *fcols = NULL;
	int ret = -1;

	memset(c, 0, sizeof(*c));
	c->path = path;
	c->seconds_col = (size_t)-1;
	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		size_t nf;

		lineno++;
		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		if (n && line[n - 1] == '\r')
			line[--n] = '\0';
		if (!c->cols) {
			nf = split(line, NULL, NULL, 0);
			fields = calloc(nf, sizeof(*fields));
			fcols = calloc(nf, sizeof(*fcols));
			c->cols = calloc(nf, sizeof(*c->cols));
			if (!fields || !fcols || !c->cols)
				goto oom;
			split(line, fields, fcols, nf);
			c->n_cols = nf;
			for (i = 0; i < nf; i++) {
				c->cols[i] = strdup(fields[i]);
				if (!c->cols[i])
					goto oom;
				if (!strcmp(fields[i], "seconds"))
					c->seconds_col = i;
			}
			if (c->seconds_col == (size_t)-1) {
				fprintf(stderr,
					PROG ": %s:1:1: expected a 'seconds' column in the header\n",
					path);
				goto out;
			}
			continue;
		}
		if (!n)
			continue;
		nf = split(line, fields, fcols, c->n_cols);
		if (nf != c->n_cols) {
			fprintf(stderr,
				PROG ": %s:%u:1: expected %zu fields, found %zu\n",
				path, lineno, c->n_cols, nf);
			goto out;
		}
		{
			uint64_t *nv = realloc(c->vals, (c->n_rows + 1) *
					       c->n_cols * sizeof(*nv));
			double *ns;
			unsigned int *nl;

			if (!nv)
				goto oom;
			c->vals = nv;
			ns = realloc(c->secs, (c->n_rows + 1) * sizeof(*ns));
			if (!ns)
				goto oom;
			c->secs = ns;
			nl = realloc(c->lines, (c->n_rows + 1) * sizeof(*nl));
			if (!nl)
				goto oom;
			c->lines = nl;
		}
		for (i = 0; i < nf; i++) {
			uint64_t *v = &c->vals[c->n_rows * c->n_cols + i];

			*v = 0;
			if (i == c->seconds_col) {
				double s;

				if (parse_seconds(fields[i], &s)) {
					fprintf(stderr,
						PROG ": %s:%u:%zu: expected a number of seconds, found '%s'\n",
						path, lineno, fcols[i], fields[i]);
					goto out;
				}
				if (deltas ? s <= 0 :
				    c->n_rows && s <= c->secs[c->n_rows - 1]) {
					fprintf(stderr,
						PROG ": %s:%u:%zu: expected %s, found '%s'\n",
						path, lineno, fcols[i],
						deltas ? "a period longer than 0 s" :
						"a time later than the previous line's",
						fields[i]);
					goto out;
				}
				c->secs[c->n_rows] = s;
			} else if (parse_u64(fields[i], v)) {
				fprintf(stderr,
					PROG ": %s:%u:%zu: expected an unsigned integer, found '%s'\n",
					path, lineno, fcols[i], fields[i]);
				goto out;
			}
		}
		c->lines[c->n_rows] = lineno;
		c->n_rows++;
	}
	if (!c->cols) {
		fprintf(stderr, PROG ": %s:1:1: expected a header line\n", path);
		goto out;
	}
	ret = 0;
	goto out;
oom:
	fprintf(stderr, PROG ": out of memory\n");
out:
	free(line);
	free(fields);
	free(fcols);
	fclose(f);
	return ret;
}

int find_col(const struct csv *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n_cols; i++)
		if (!strcmp(c->cols[i], name))
			return (int)i;
	return -1;
}
