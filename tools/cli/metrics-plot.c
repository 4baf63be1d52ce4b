// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics plot CSV --metrics a,b [-o out.png] [--title T]
 *                  [--width W --height H]
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Reads a CSV of the csv writer (tools/lib/output.c) and has gnuplot draw
 * one panel per metric, each with its own y axis, all over t_end_s with
 * the same x range (Documentation/userspace.rst, "Plot"). The rows are
 * streamed into a gnuplot data block as they are read, so a long
 * recording is never held here.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "metrics-plot.h"

#define PROG "intel-oa-metrics plot"
#define GNUPLOT_HINT "apt-get install gnuplot-nox (or run scripts/setup)"
/* Columns the csv writer puts before the metrics. */
#define FIRST_METRIC_COL 3
#define T_END_COL 2
#define PANEL_HEIGHT 220
#define MAX_PIXELS 20000

struct plot_opts {
	const char *csv;	/* the input's name */
	const char *metrics;
	const char *out;
	const char *title;
	long width;
	long height;
	double interval_ms;
	bool force;
	const struct plot_meta *meta;	/* units etc.: NULL for a CSV */
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " PROG " RECORDING|CSV [--metrics A,B,...] [-o OUT.png]\n"
		"                             [--title T] [--interval MS]\n"
		"                             [--width W] [--height H] [--oa-xml F]\n"
		"\n"
		"  RECORDING        an i915-perf recording: its set's metrics, with\n"
		"                   units, the set and platform in the title\n"
		"  CSV              written by 'print --output csv' (no units)\n"
		"  -m, --metrics L  metrics to draw, comma separated (default: all)\n"
		"  -o, --output F   PNG to write (default: the input with .png for\n"
		"                   .csv, or .png added)\n"
		"  -t, --title T    title (default: set and platform, and the file)\n"
		"  -i, --interval MS  with a recording: periods of at least MS ms\n"
		"  -f, --force      with a recording: as print --force\n"
		"  -x, --oa-xml F   with a recording: as print --oa-xml\n"
		"      --width W    pixels (default 1200)\n"
		"      --height H   pixels (default %d per metric + 80)\n"
		"  -h, --help       this help\n"
		"\n"
		"Each metric gets its own panel and y axis, labelled with its unit,\n"
		"SI-prefixed ticks, 0-100 for percentages; x is t_end_s in seconds.\n"
		"Needs gnuplot: " GNUPLOT_HINT ".\n", PANEL_HEIGHT);
}

/*
 * Split one CSV record in place (RFC 4180 quoting, as the csv writer
 * quotes names). Returns the number of fields, or -1 for a bad quote.
 */
static long split_csv(char *line, char **fields, size_t max)
{
	size_t n = 0;
	char *r = line, *w = line;

	for (;;) {
		char *start = w;

		if (*r == '"') {
			r++;
			for (;;) {
				if (!*r)
					return -1;
				if (*r == '"' && r[1] == '"') {
					*w++ = '"';
					r += 2;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r++;
				}
			}
			if (*r && *r != ',' && *r != '\n' && *r != '\r')
				return -1;
		} else {
			while (*r && *r != ',' && *r != '\n' && *r != '\r')
				*w++ = *r++;
		}
		if (n < max)
			fields[n] = start;
		n++;
		if (*r != ',') {
			*w = '\0';
			return (long)n;
		}
		r++;
		*w++ = '\0';
	}
}

/* The unit of metric @name in @meta, or NULL when unknown. */
static const char *unit_of(const struct plot_meta *meta, const char *name)
{
	size_t i;

	for (i = 0; meta && i < meta->n; i++)
		if (!strcmp(meta->names[i], name))
			return meta->units[i];
	return NULL;
}

/* A gnuplot single-quoted string: only ' needs escaping, as ''. */
static void put_gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

/* "NAME [UNIT]", or NAME when the unit is unknown or empty. */
static void put_gp_label(FILE *f, const char *name, const char *unit)
{
	char buf[512];

	if (unit && *unit)
		snprintf(buf, sizeof(buf), "%s [%s]", name, unit);
	else
		snprintf(buf, sizeof(buf), "%s", name);
	put_gp_string(f, buf);
}

static int find_gnuplot(char *path, size_t size)
{
	const char *env = getenv("INTEL_OA_GNUPLOT");
	const char *dirs = getenv("PATH");
	const char *p;

	if (env && *env) {
		snprintf(path, size, "%s", env);
		return access(path, X_OK);
	}
	for (p = dirs ? dirs : "/usr/bin:/bin"; p && *p;) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len && (size_t)snprintf(path, size, "%.*s/gnuplot",
					    (int)len, p) < size &&
		    access(path, X_OK) == 0)
			return 0;
		p = end ? end + 1 : NULL;
	}
	return -1;
}

static int parse_pixels(const char *s, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 16 || v > MAX_PIXELS)
		return -1;
	*out = v;
	return 0;
}

static int parse_args(int argc, char **argv, struct plot_opts *o)
{
	static const struct option longopts[] = {
		{ "metrics", required_argument, NULL, 'm' },
		{ "output", required_argument, NULL, 'o' },
		{ "title", required_argument, NULL, 't' },
		{ "width", required_argument, NULL, 'W' },
		{ "height", required_argument, NULL, 'H' },
		{ "interval", required_argument, NULL, 'i' },
		{ "force", no_argument, NULL, 'f' },
		{ "oa-xml", required_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "m:o:t:i:x:fh", longopts, NULL)) != -1) {
		char *end;

		switch (c) {
		case 'f':
			o->force = true;
			break;
		case 'x':
			use_oa_xml(optarg);
			break;
		case 'i':
			o->interval_ms = strtod(optarg, &end);
			if (end == optarg || *end || !(o->interval_ms >= 0) ||
			    !isfinite(o->interval_ms)) {
				fprintf(stderr, PROG ": bad --interval '%s' (ms, >= 0)\n",
					optarg);
				return 2;
			}
			break;
		case 'm':
			o->metrics = optarg;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 't':
			o->title = optarg;
			break;
		case 'W':
		case 'H':
			if (parse_pixels(optarg, c == 'W' ? &o->width :
					 &o->height)) {
				fprintf(stderr, PROG ": bad %s '%s' (16..%d)\n",
					c == 'W' ? "--width" : "--height",
					optarg, MAX_PIXELS);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	o->csv = argv[optind];
	return -1;
}

/*
 * Columns to draw: @want[i] is the CSV column of the i-th chosen metric.
 * Returns how many, or -1 after saying which name is unknown.
 */
static long choose_columns(char **hdr, size_t n_hdr, const char *list,
			   size_t *want)
{
	size_t n = 0, i;
	char *copy, *tok, *save = NULL;

	if (!list) {
		for (i = FIRST_METRIC_COL; i < n_hdr; i++)
			want[n++] = i;
		return (long)n;
	}
	copy = strdup(list);
	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = FIRST_METRIC_COL; i < n_hdr; i++)
			if (!strcmp(hdr[i], tok))
				break;
		if (i == n_hdr) {
			fprintf(stderr, PROG ": no metric '%s' in the CSV; it has:",
				tok);
			for (i = FIRST_METRIC_COL; i < n_hdr; i++)
				fprintf(stderr, " %s", hdr[i]);
			fputc('\n', stderr);
			free(copy);
			return -1;
		}
		want[n++] = i;
	}
	free(copy);
	return (long)n;
}

static char *default_output(const char *csv)
{
	size_t len = strlen(csv);
	char *out = malloc(len + 5);

	if (!out)
		return NULL;
	memcpy(out, csv, len + 1);
	if (len > 4 && !strcmp(csv + len - 4, ".csv"))
		out[len - 4] = '\0';
	strcat(out, ".png");
	return out;
}

static pid_t start_gnuplot(const char *path, FILE **in)
{
	int fds[2];
	pid_t pid;

	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fds[0], STDIN_FILENO);
		close(fds[0]);
		close(fds[1]);
		/*
		 * gnuplot writes the image to stdout when it cannot open the
		 * output: never let that reach ours.
		 */
		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			close(null);
		}
		execl(path, "gnuplot", "-", (char *)NULL);
		fprintf(stderr, PROG ": cannot run %s: %s; " GNUPLOT_HINT "\n",
			path, strerror(errno));
		_exit(127);
	}
	close(fds[0]);
	*in = fdopen(fds[1], "w");
	if (!*in) {
		close(fds[1]);
		return -1;
	}
	return pid;
}

struct panel_stats {
	int any;	/* a finite value was seen */
	double min, max;
};

/*
 * The script: the terminal, a data block of "t_end v1 v2 ..." rows (NaN
 * where the CSV field is empty: gnuplot leaves a gap), then one panel per
 * metric. Returns 0, or 1 after an error message.
 */
static int write_script(FILE *gp, FILE *csv, const struct plot_opts *o,
			const char *out, char **hdr, const size_t *want,
			size_t n_want, size_t n_hdr)
{
	char *line = NULL;
	size_t line_cap = 0;
	struct panel_stats *st = calloc(n_want, sizeof(*st));
	char **f = calloc(n_hdr, sizeof(*f));
	double xmin = INFINITY, xmax = -INFINITY;
	unsigned long lineno = 1, rows = 0;
	size_t i;
	int ret = 1;

	if (!st || !f) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	fprintf(gp, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
		"  set terminal pngcairo noenhanced size %ld,%ld font ',9'\n"
		"} else {\n"
		"  set terminal png noenhanced size %ld,%ld\n"
		"}\n", o->width, o->height, o->width, o->height);
	fputs("set output ", gp);
	put_gp_string(gp, out);
	fputs("\n$data << EOD\n", gp);
	while (getline(&line, &line_cap, csv) > 0) {
		long nf;
		char *end;
		double t;

		lineno++;
		if (line[0] == '\n' || line[0] == '\0')
			continue;
		nf = split_csv(line, f, n_hdr);
		if (nf != (long)n_hdr) {
			fprintf(stderr, PROG ": %s:%lu: %ld fields, the header has %zu\n",
				o->csv, lineno, nf, n_hdr);
			goto out;
		}
		t = strtod(f[T_END_COL], &end);
		if (end == f[T_END_COL] || *end || !isfinite(t)) {
			fprintf(stderr, PROG ": %s:%lu: bad t_end_s '%s'\n",
				o->csv, lineno, f[T_END_COL]);
			goto out;
		}
		xmin = fmin(xmin, t);
		xmax = fmax(xmax, t);
		fprintf(gp, "%.17g", t);
		for (i = 0; i < n_want; i++) {
			const char *s = f[want[i]];
			double v = *s ? strtod(s, &end) : NAN;

			if (*s && (end == s || *end)) {
				fprintf(stderr, PROG ": %s:%lu: bad value '%s' of %s\n",
					o->csv, lineno, s, hdr[want[i]]);
				goto out;
			}
			if (isfinite(v)) {
				if (!st[i].any || v < st[i].min)
					st[i].min = v;
				if (!st[i].any || v > st[i].max)
					st[i].max = v;
				st[i].any = 1;
				fprintf(gp, " %.17g", v);
			} else {
				fputs(" NaN", gp);
			}
		}
		fputc('\n', gp);
		rows++;
	}
	if (ferror(csv)) {
		fprintf(stderr, PROG ": %s: %s\n", o->csv, strerror(errno));
		goto out;
	}
	if (!rows) {
		fprintf(stderr, PROG ": %s: no periods\n", o->csv);
		goto out;
	}
	fputs("EOD\n", gp);
	/* One period still needs a visible x range. */
	if (xmax - xmin <= 0) {
		xmin -= 0.5;
		xmax += 0.5;
	}
	fprintf(gp, "set xrange [%.17g:%.17g]\n", xmin, xmax);
	fputs("set grid\nset key off\nset lmargin 14\nset rmargin 3\n"
	      "set format x '%g'\nset format y '%g'\n", gp);
	fprintf(gp, "set multiplot layout %zu,1 title ", n_want);
	put_gp_string(gp, o->title);
	fputc('\n', gp);
	for (i = 0; i < n_want; i++) {
		const char *unit = unit_of(o->meta, hdr[want[i]]);
		int percent = unit && !strcmp(unit, "%");

		fputs("set ylabel ", gp);
		put_gp_label(gp, hdr[want[i]], unit);
		fputc('\n', gp);
		/* SI prefixes (k, M, G) on the ticks; percentages as they are */
		fputs(percent ? "set format y '%g'\n" : "set format y '%.3s%c'\n",
		      gp);
		fputs(i + 1 == n_want ? "set xlabel 't_end_s [s]'\n" :
		      "unset xlabel\n", gp);
		if (st[i].any) {
			double pad = fabs(st[i].min) * 0.01;

			/*
			 * A constant metric gets a range around its value from
			 * here: gnuplot would pick the same, with a warning.
			 */
			if (percent && st[i].min >= 0 && st[i].max <= 100)
				fputs("set yrange [0:100]\n", gp);
			/*
			 * Less spread than the ticks can show (a clock that
			 * moves by a few Hz in 600 MHz) is drawn as constant.
			 */
			else if (st[i].max - st[i].min >
				 1e-9 * fmax(fabs(st[i].max), fabs(st[i].min)))
				fputs("set autoscale y\n", gp);
			else
				fprintf(gp, "set yrange [%.17g:%.17g]\n",
					st[i].min - (pad > 0 ? pad : 1),
					st[i].max + (pad > 0 ? pad : 1));
			fputs("unset label 1\n", gp);
			/* Points only while they can be told apart. */
			fprintf(gp, "plot $data using 1:%zu with %s lw 1.5\n",
				i + 2, rows <= 200 ? "linespoints pt 7 ps 0.4" :
				"lines");
		} else {
			/* gnuplot refuses a plot of nothing but NaN. */
			fputs("set yrange [0:1]\n"
			      "set label 1 'n/a in every period' at graph 0.5,0.5 center\n"
			      "plot -1\n", gp);
		}
	}
	fputs("unset multiplot\nset output\n", gp);
	ret = 0;
out:
	free(line);
	free(st);
	free(f);
	return ret;
}

/* Why gnuplot failed, from waitpid()'s result. */
static void report_exit(pid_t wret, int status)
{
	if (wret < 0)
		fprintf(stderr, PROG ": waiting for gnuplot: %s\n",
			strerror(errno));
	else if (WIFSIGNALED(status))
		fprintf(stderr, PROG ": gnuplot was killed by signal %d (%s)\n",
			WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		fprintf(stderr, PROG ": gnuplot failed (exit status %d; its messages are above)\n",
			WEXITSTATUS(status));
}

static int plot(const struct plot_opts *o, FILE *csv, const char *out)
{
	char gnuplot[4096], *line = NULL, **hdr = NULL, *copy;
	size_t line_cap = 0, n_hdr, n_want, *want = NULL;
	FILE *gp = NULL;
	long nf;
	pid_t pid;
	int status, ret = 1, wret, fd;
	struct stat stb;
	struct plot_opts eff;
	void (*old_pipe)(int);

	if (find_gnuplot(gnuplot, sizeof(gnuplot))) {
		fprintf(stderr, PROG ": gnuplot not found; " GNUPLOT_HINT "\n");
		return 1;
	}
	if (getline(&line, &line_cap, csv) < 0) {
		fprintf(stderr, PROG ": %s: empty\n", o->csv);
		goto out;
	}
	/* Count the fields on a copy: splitting rewrites the line. */
	copy = strdup(line);
	nf = copy ? split_csv(copy, NULL, 0) : -1;
	free(copy);
	hdr = calloc((size_t)(nf > 0 ? nf : 1), sizeof(*hdr));
	want = calloc((size_t)(nf > 0 ? nf : 1), sizeof(*want));
	if (!hdr || !want) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	if (nf > 0)
		split_csv(line, hdr, (size_t)nf);
	n_hdr = nf > 0 ? (size_t)nf : 0;
	if (n_hdr <= FIRST_METRIC_COL || strcmp(hdr[0], "period") ||
	    strcmp(hdr[1], "t_start_s") || strcmp(hdr[T_END_COL], "t_end_s")) {
		fprintf(stderr, PROG ": %s: not a CSV of '--output csv' (header "
			"period,t_start_s,t_end_s,<metric>...)\n", o->csv);
		goto out;
	}
	nf = choose_columns(hdr, n_hdr, o->metrics, want);
	if (nf <= 0) {
		if (!nf)
			fprintf(stderr, PROG ": no metrics to plot\n");
		goto out;
	}
	n_want = (size_t)nf;

	/* Say so now, not after gnuplot ran, if OUT cannot be written. */
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		fprintf(stderr, PROG ": cannot write %s: %s (choose another -o)\n",
			out, strerror(errno));
		goto out;
	}
	close(fd);
	pid = start_gnuplot(gnuplot, &gp);
	if (pid < 0) {
		fprintf(stderr, PROG ": cannot start gnuplot: %s\n",
			strerror(errno));
		goto out;
	}
	/* A gnuplot that dies early must be an error message, not a kill. */
	old_pipe = signal(SIGPIPE, SIG_IGN);
	eff = *o;
	if (!eff.height)
		eff.height = PANEL_HEIGHT * (long)n_want + 80;
	if (eff.height > MAX_PIXELS)
		eff.height = MAX_PIXELS;
	ret = write_script(gp, csv, &eff, out, hdr, want, n_want, n_hdr);
	if (fclose(gp) && !ret) {
		fprintf(stderr, PROG ": writing to gnuplot: %s\n",
			strerror(errno));
		ret = 1;
	}
	signal(SIGPIPE, old_pipe);
	do {
		wret = waitpid(pid, &status, 0);
	} while (wret < 0 && errno == EINTR);
	if (wret < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		if (!ret)
			report_exit(wret, status);
		ret = 1;
	} else if (!ret && (stat(out, &stb) || stb.st_size == 0)) {
		fprintf(stderr, PROG ": gnuplot wrote no %s\n", out);
		ret = 1;
	}
	if (!ret)
		fprintf(stderr, PROG ": wrote %s (%zu metrics)\n", out, n_want);
out:
	free(line);
	free(hdr);
	free(want);
	return ret;
}

/* An i915-perf recording starts with its VERSION record (type 0x10000). */
static int is_recording(FILE *f)
{
	unsigned char b[4];
	int rec = fread(b, 1, 4, f) == 4 &&
		  (b[0] | b[1] << 8 | b[2] << 16 | (unsigned int)b[3] << 24) ==
		  0x10000;

	rewind(f);
	return rec;
}

int metrics_plot_main(int argc, char **argv)
{
	struct plot_opts o = { .width = 1200 };
	struct plot_meta meta = { 0 };
	char *def_out = NULL, *def_title = NULL;
	const char *base;
	FILE *in, *csv;
	int ret;

	ret = parse_args(argc, argv, &o);
	if (ret >= 0)
		return ret;
	in = fopen(o.csv, "r");
	if (!in) {
		fprintf(stderr, PROG ": %s: %s\n", o.csv, strerror(errno));
		return 1;
	}
	csv = in;
	if (is_recording(in)) {
		/* Evaluate it into a CSV first: that gives the units too. */
		fclose(in);
		csv = tmpfile();
		if (!csv) {
			fprintf(stderr, PROG ": temporary file: %s\n",
				strerror(errno));
			return 1;
		}
		if (plot_recording_csv(o.csv, o.interval_ms, o.force, csv,
				       &meta)) {
			fclose(csv);
			plot_meta_free(&meta);
			return 1;
		}
		rewind(csv);
		o.meta = &meta;
	} else if (o.interval_ms) {
		fprintf(stderr, PROG ": --interval applies to a recording, not to a CSV\n");
		fclose(in);
		return 2;
	}
	ret = 1;
	if (!o.out) {
		def_out = default_output(o.csv);
		if (!def_out)
			goto oom;
		o.out = def_out;
	}
	base = strrchr(o.csv, '/');
	base = base ? base + 1 : o.csv;
	if (!o.title && o.meta) {
		size_t len = strlen(meta.set) + strlen(meta.platform) +
			     strlen(base) + 16;

		def_title = malloc(len);
		if (!def_title)
			goto oom;
		snprintf(def_title, len, "%s on %s (%s)", meta.set,
			 meta.platform, base);
		o.title = def_title;
	} else if (!o.title) {
		o.title = base;
	}
	ret = plot(&o, csv, o.out);
	goto out;
oom:
	fprintf(stderr, PROG ": out of memory\n");
out:
	fclose(csv);
	plot_meta_free(&meta);
	free(def_out);
	free(def_title);
	return ret;
}
