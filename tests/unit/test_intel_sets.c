// SPDX-License-Identifier: MIT
/*
 * The Intel OA metric files (tools/metrics/gen*.metrics, hsw.metrics):
 * the platforms/format directives and every set's metrics against the
 * formulas of Documentation/metrics.rst, "Intel OA metric sets".
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"
#include "unit.h"

static int load(struct intel_oa_metrics *m, const char *text,
		struct intel_oa_parse_error *err)
{
	return intel_oa_metrics_load_string(m, "t.metrics", text, strlen(text),
					    err);
}

static void test_directives(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	const struct intel_oa_metric_set *s;

	UNIT_CHECK(m, "out of memory");
	UNIT_CHECK(!load(m, "family a\nplatforms skl tgl\nset Render\n"
			 "format A32u40_A4u32_B8_C8\nmetric x = A0\nend\n",
			 &err), "load: %s", err.text);
	s = intel_oa_metrics_find(m, "Render");
	UNIT_CHECK(s, "no set");
	UNIT_CHECK(intel_oa_metric_set_applies(s, "skl") &&
		   intel_oa_metric_set_applies(s, "skl-gt2") &&
		   intel_oa_metric_set_applies(s, "tgl") &&
		   !intel_oa_metric_set_applies(s, "bdw") &&
		   !intel_oa_metric_set_applies(s, "nope"), "applies");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_format(s),
			   "A32u40_A4u32_B8_C8"), "format");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_metric_unit(s, 0), "") &&
		   !intel_oa_metric_set_metric_unit(s, 1), "unit");
	/* disjoint platforms: the same set name is fine */
	UNIT_CHECK(!load(m, "family b\nplatforms bdw\nset Render\n"
			 "metric y \"%\" = A1\nend\n", &err),
		   "load b: %s", err.text);
	s = intel_oa_metrics_find_for(m, "Render", "bdw");
	UNIT_CHECK(s && !strcmp(intel_oa_metric_set_family(s), "b") &&
		   !intel_oa_metric_set_format(s) &&
		   !strcmp(intel_oa_metric_set_metric_unit(s, 0), "%"),
		   "find_for bdw");
	s = intel_oa_metrics_find_for(m, "Render", "tgl");
	UNIT_CHECK(s && !strcmp(intel_oa_metric_set_family(s), "a"),
		   "find_for tgl");
	UNIT_CHECK(!intel_oa_metrics_find_for(m, "Render", "snb"), "snb");
	/* overlapping platforms, or a file without any: a clash */
	UNIT_CHECK(load(m, "family c\nplatforms chv tgl\nset Render\nend\n",
			&err) == -EINVAL &&
		   !strcmp(err.text, "t.metrics:3:5: set 'Render' is already "
			   "defined at t.metrics:3"), "%s", err.text);
	UNIT_CHECK(load(m, "family c\nset Render\nend\n", &err) == -EINVAL,
		   "no platforms");
	intel_oa_metrics_free(m);
}

static const struct {
	const char *text;
	const char *msg;
} bad[] = {
	{ "family a\nplatforms skl\nplatforms tgl\n",
	  "t.metrics:3:1: platforms are already set at line 2" },
	{ "family a\nplatforms skl bogus\n",
	  "t.metrics:2:15: unknown platform 'bogus'" },
	{ "family a\nplatforms skl skl-gt2\n",
	  "t.metrics:2:15: platform 'skl-gt2' is listed twice" },
	{ "family a\nplatforms\n",
	  "t.metrics:2:10: expected a name, found end of line" },
	{ "platforms skl\nfamily a\n",
	  "t.metrics:1:1: expected 'family NAME' before any other directive" },
	{ "family a\nset X\nend\nplatforms skl\n",
	  "t.metrics:4:1: 'platforms' after the first set" },
	{ "family a\nset X\nplatforms skl\n",
	  "t.metrics:3:1: 'platforms' inside set 'X' (missing 'end')" },
	{ "family a\nset X\nformat A99\nend\n",
	  "t.metrics:3:8: unknown report format 'A99'" },
	{ "family a\nset X\nformat A32u40_A4u32_B8_C8\nformat C4_B8\nend\n",
	  "t.metrics:4:1: set 'X' already has a format (line 3)" },
	{ "family a\nformat C4_B8\n",
	  "t.metrics:2:1: 'format' outside a set" },
	{ "family a\nset X\nformat C4_B8 x\nend\n",
	  "t.metrics:3:14: unexpected 'x' at the end of the line" },
	{ "family a\nplatforms gen13\n",
	  "t.metrics:2:11: no platform of generation '13'" },
	{ "family a\nplatforms cfl gen9\n",
	  "t.metrics:2:15: platform 'cfl' is listed twice" },
	{ "family a\nplatforms gen12.5.1\n",
	  "t.metrics:2:11: unknown platform 'gen12.5.1'" },
};

static void test_directive_errors(const void *arg)
{
	const size_t *i = arg;
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	int rc;

	UNIT_CHECK(m, "out of memory");
	rc = load(m, bad[*i].text, &err);
	intel_oa_metrics_free(m);
	UNIT_CHECK(rc == -EINVAL, "loaded: %d", rc);
	UNIT_CHECK(!strcmp(err.text, bad[*i].msg), "got '%s', expected '%s'",
		   err.text, bad[*i].msg);
}

static const size_t idx[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };

/*
 * "platforms genV": every row of that generation (platforms.rst: Haswell
 * 7.5, Meteor Lake and Arrow Lake 12.70, Tiger Lake to DG1 12), no other.
 */
static void test_gen_selector(const void *arg UNIT_UNUSED)
{
	static const struct {
		const char *gen;
		const char *in[6];
		const char *out[3];
	} cases[] = {
		{ "gen7.5", { "hsw-gt1", "hsw", "hsw-gt3" }, { "ivb", "bdw" } },
		{ "gen12.70", { "mtl", "arl-h", "arl-s" }, { "dg2-g10", "tgl" } },
		{ "gen12", { "tgl-gt1", "tgl", "rkl", "adl-s", "adl-p", "dg1" },
		  { "dg2-g10", "mtl", "icl" } },
	};
	unsigned int i, k;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct intel_oa_metrics *m = intel_oa_metrics_new();
		struct intel_oa_parse_error err;
		char text[64];

		UNIT_CHECK(m, "out of memory");
		snprintf(text, sizeof(text), "family a\nplatforms %s\nset X\nend\n",
			 cases[i].gen);
		UNIT_CHECK(load(m, text, &err) == 0, "%s: %s", cases[i].gen,
			   err.text);
		for (k = 0; k < 6 && cases[i].in[k]; k++)
			UNIT_CHECK(intel_oa_metrics_find_for(m, "X", cases[i].in[k]),
				   "%s lacks %s", cases[i].gen, cases[i].in[k]);
		for (k = 0; k < 3 && cases[i].out[k]; k++)
			UNIT_CHECK(!intel_oa_metrics_find_for(m, "X", cases[i].out[k]),
				   "%s has %s", cases[i].gen, cases[i].out[k]);
		intel_oa_metrics_free(m);
	}
}

static void test_default_dir(const void *arg UNIT_UNUSED)
{
	const char *old = getenv("INTEL_OA_METRICS_DIR");
	char *save = old ? strdup(old) : NULL;
	const char *d;

	unsetenv("INTEL_OA_METRICS_DIR");
	d = intel_oa_metrics_default_dir();
	UNIT_CHECK(d[0] == '/' && strstr(d, "tools/metrics"), "dir %s", d);
	setenv("INTEL_OA_METRICS_DIR", "/x/y", 1);
	d = intel_oa_metrics_default_dir();
	if (save)
		setenv("INTEL_OA_METRICS_DIR", save, 1);
	else
		unsetenv("INTEL_OA_METRICS_DIR");
	free(save);
	UNIT_CHECK(!strcmp(d, "/x/y"), "env dir %s", d);
}

/* ---- the Intel files ------------------------------------------------- */

#define METRICS_DIR INTEL_OA_SRC_DIR "/tools/metrics"

/*
 * The families and the generations each must cover (restated from
 * Documentation/metrics.rst, "Intel OA metric sets"), and the sets every
 * one of them has.
 */
static const struct {
	const char *family;
	unsigned int vers[2];	/* the graphics versions (x100) it covers */
} families[] = {
	{ "gen6-7", { 600, 700 } },
	{ "hsw", { 750 } },
	{ "gen8", { 800 } },
	{ "gen9", { 900 } },
	{ "gen11", { 1100 } },
	{ "gen12", { 1200 } },
	/* Meteor Lake's render GT too (metrics.rst) */
	{ "gen12.5", { 1250, 1270 } },
};
#define N_FAMILIES (sizeof(families) / sizeof(families[0]))

static const char *const set_names[] = { "Render", "Compute", "TestOa" };

static struct intel_oa_metrics *load_all(void)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;

	if (m && intel_oa_metrics_load_dir(m, METRICS_DIR, &err) < 0) {
		intel_oa_metrics_free(m);
		return NULL;
	}
	return m;
}

static bool family_covers(size_t i, unsigned int ver)
{
	return families[i].vers[0] == ver || families[i].vers[1] == ver;
}

/* the first platform of the device table that family @i covers */
static const char *family_platform(size_t i)
{
	unsigned int p;

	for (p = 0; p < intel_oa_platform_count(); p++)
		if (family_covers(i, intel_oa_platform_at(p)->ver))
			return intel_oa_platform_at(p)->name;
	return "none";
}

static int family_index(const char *family)
{
	size_t i;

	for (i = 0; i < N_FAMILIES; i++)
		if (!strcmp(families[i].family, family))
			return (int)i;
	return -1;
}

static void test_files_load(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	const char *old;
	char path[512], *save;
	size_t i, j;
	int rc;

	UNIT_CHECK(m, "out of memory");
	for (i = 0; i < N_FAMILIES; i++) {
		snprintf(path, sizeof(path), "%s/%s.metrics", METRICS_DIR,
			 families[i].family);
		rc = intel_oa_metrics_load_file(m, path, &err);
		if (rc)
			intel_oa_metrics_free(m);
		UNIT_CHECK(!rc, "%s: %d %s", path, rc, err.text);
	}
	/* each family: exactly Render, Compute, TestOa */
	for (i = 0; i < N_FAMILIES; i++) {
		size_t n = 0;

		for (j = 0; j < intel_oa_metrics_set_count(m); j++)
			if (!strcmp(intel_oa_metric_set_family(
				    intel_oa_metrics_set_at(m, j)),
				    families[i].family))
				n++;
		if (n != 3)
			intel_oa_metrics_free(m);
		UNIT_CHECK(n == 3, "%s has %zu sets", families[i].family, n);
		for (j = 0; j < 3; j++) {
			const struct intel_oa_metric_set *s =
				intel_oa_metrics_find_for(
					m, set_names[j], family_platform(i));
			int ok = s && !strcmp(intel_oa_metric_set_family(s),
					      families[i].family);

			if (!ok)
				intel_oa_metrics_free(m);
			UNIT_CHECK(ok, "%s: no set %s", families[i].family,
				   set_names[j]);
		}
	}
	intel_oa_metrics_free(m);
	/* and the whole directory, through the default dir */
	old = getenv("INTEL_OA_METRICS_DIR");
	save = old ? strdup(old) : NULL;
	setenv("INTEL_OA_METRICS_DIR", METRICS_DIR, 1);
	m = intel_oa_metrics_new();
	rc = m ? intel_oa_metrics_load_dir(m, intel_oa_metrics_default_dir(),
					   &err) : -ENOMEM;
	if (save)
		setenv("INTEL_OA_METRICS_DIR", save, 1);
	else
		unsetenv("INTEL_OA_METRICS_DIR");
	free(save);
	intel_oa_metrics_free(m);
	UNIT_CHECK(rc >= (int)N_FAMILIES, "load_dir: %d %s", rc, err.text);
}

static void test_platform_coverage(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = load_all();
	unsigned int p, n = intel_oa_platform_count();
	size_t i;

	UNIT_CHECK(m, "metric files do not load");
	for (p = 0; p < n; p++) {
		const char *name = intel_oa_platform_at(p)->name;
		const char *fam = NULL;
		int listed = -1;

		for (i = 0; i < N_FAMILIES; i++)
			if (family_covers(i, intel_oa_platform_at(p)->ver))
				listed = listed >= 0 ? -2 : (int)i;
		if (listed < 0)
			intel_oa_metrics_free(m);
		UNIT_CHECK(listed >= 0, "%s: in %s family list", name,
			   listed == -1 ? "no" : "more than one");
		for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
			const struct intel_oa_metric_set *s =
				intel_oa_metrics_set_at(m, i);
			const char *f = intel_oa_metric_set_family(s);
			int clash;

			if (!intel_oa_metric_set_applies(s, name))
				continue;
			/* a media GT's OAM sets come on top (mtl.rst) */
			if (!strcmp(f, "mtl-media")) {
				if (intel_oa_platform_at(p)->ver != 1270)
					intel_oa_metrics_free(m);
				UNIT_CHECK(intel_oa_platform_at(p)->ver == 1270,
					   "%s: OAM sets without an OAM", name);
				continue;
			}
			clash = fam && strcmp(fam, f);
			if (clash || strcmp(f, families[listed].family))
				intel_oa_metrics_free(m);
			UNIT_CHECK(!clash, "%s: covered by %s and %s", name, fam,
				   f);
			UNIT_CHECK(!strcmp(f, families[listed].family),
				   "%s: covered by %s, not %s", name, f,
				   families[listed].family);
			fam = f;
		}
		if (!fam)
			intel_oa_metrics_free(m);
		UNIT_CHECK(fam, "%s: no metric file covers it", name);
	}
	intel_oa_metrics_free(m);
}

/* ---- register whitelists and violations -------------------------------- */

struct range {
	uint32_t lo, hi;
};

/* drivers/gpu/drm/intel_oa/intel_oa_gen{7,8,12}.c, restated */
static const struct range snb_bool[] = { { 0x2390, 0x23ac } };
static const struct range hsw_bool[] = {
	{ 0x2710, 0x272c }, { 0x2740, 0x275c }, { 0x2770, 0x27ac },
};
static const struct range gen12_bool[] = {
	{ 0xd900, 0xd91c }, { 0xd920, 0xd93c }, { 0xd940, 0xd97c },
	{ 0xdc00, 0xdc3c }, { 0xdc40, 0xdc40 }, { 0xdc44, 0xdc44 },
};
static const struct range xehp_bool[] = {
	{ 0xd900, 0xd91c }, { 0xd920, 0xd93c }, { 0xd940, 0xd97c },
	{ 0xdc00, 0xdc3c }, { 0xdc40, 0xdc40 }, { 0xdc44, 0xdc44 },
	{ 0xdc48, 0xdc48 }, { 0xdd00, 0xdd48 },
};
/* Meteor Lake adds the media GT's OAM (i915 mtl_oam_b_counters) */
static const struct range mtl_bool[] = {
	{ 0xd900, 0xd91c }, { 0xd920, 0xd93c }, { 0xd940, 0xd97c },
	{ 0xdc00, 0xdc3c }, { 0xdc40, 0xdc40 }, { 0xdc44, 0xdc44 },
	{ 0xdc48, 0xdc48 }, { 0xdd00, 0xdd48 },
	{ 0x393000, 0x39301c }, { 0x393020, 0x39303c },
	{ 0x393040, 0x39307c }, { 0x393200, 0x39323c },
};
static const uint32_t flex_regs[] = {
	0xe458, 0xe558, 0xe658, 0xe758, 0xe45c, 0xe55c, 0xe65c,
};

static int in_ranges(uint32_t a, const struct range *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a >= r[i].lo && a <= r[i].hi && !(a & 3))
			return 1;
	return 0;
}

static int bool_ok(unsigned int ver, uint32_t a)
{
	if (ver < 750)
		return in_ranges(a, snb_bool, 1);
	if (ver < 1200)
		return in_ranges(a, hsw_bool, 3);
	if (ver < 1250)
		return in_ranges(a, gen12_bool, 6);
	if (ver < 1270)
		return in_ranges(a, xehp_bool, 8);
	return in_ranges(a, mtl_bool, 12);
}

/* CECn-0 of the generation: source select 3 is violation 38 */
static int is_cec0(unsigned int ver, uint32_t a)
{
	uint32_t base = ver < 750 ? 0x2390 : ver < 1200 ? 0x2770 : 0xd940;
	uint32_t n = ver < 750 ? 4 : 8;

	return a >= base && a < base + 8 * n && !((a - base) & 7);
}

/*
 * Documentation/counters.rst, "Increment events", "Coarse event filters",
 * "Fine event filters": 1 = the field counts (defined and supported),
 * 0 = reserved, unsupported (violation 36/37) or Gen12.5's 0b11111.
 */
static int fine_ok_gen8(unsigned int ev, unsigned int fine)
{
	int eunum = fine >= 7 && fine <= 10;

	if (fine == 6 || fine >= 11)
		return 0;
	switch (ev) {
	case 0: case 1:
		/* send start ANDed with an FPU event: always 0 */
		return fine != 5;
	case 2: case 4:
		return fine == 0 || fine == 5 || eunum;
	default:	/* 3, 5, 8 */
		return fine == 0 || eunum;
	}
}

static int field_ok_gen8(unsigned int f)
{
	unsigned int ev = f & 0xf, coarse = f >> 4 & 0xf, fine = f >> 8 & 0xf;

	if (!(ev <= 5 || ev == 8) || coarse > 8)
		return 0;
	if (ev >= 3 && coarse && coarse != 7 && coarse != 8)
		return 0;
	return fine_ok_gen8(ev, fine);
}

static int field_ok_gen125(unsigned int f)
{
	unsigned int ev = f & 0x1f, coarse = f >> 5 & 0xf, fine = f >> 9 & 0xf;
	int eunum = fine >= 7 && fine <= 10;

	if (ev == 11 || ev > 18 || coarse == 15 || fine == 6 || fine >= 11)
		return 0;
	if ((ev == 3 || ev == 8 || ev == 10 || ev == 17) && coarse &&
	    coarse != 7 && coarse != 8)
		return 0;
	switch (ev) {
	case 0:
		return fine != 5;
	case 1: case 3: case 5: case 8: case 10:
		return fine == 0 || eunum;
	case 2: case 4:
		return fine == 0 || fine == 5 || eunum;
	default:
		return 1;
	}
}

static void check_set_regs(const struct intel_oa_metric_set *s,
			   unsigned int ver)
{
	const struct intel_oa_metric_reg *r;
	unsigned int fields[14];
	size_t n, i, j, k;

	/*
	 * The one mux write is the NOA power, from Haswell on (i915 and xe
	 * GT_NOA_ENABLE: GDT_CHICKEN_BITS bit 7 up to Gen9, RPM_CONFIG1
	 * bit 9 from Gen11 on), as in Intel's sets.
	 */
	r = intel_oa_metric_set_regs(s, INTEL_OA_REG_MUX, &n);
	if (ver < 750)
		UNIT_CHECK(n == 0, "%s: NOA mux writes", intel_oa_metric_set_name(s));
	else
		UNIT_CHECK(n == 1 && r[0].addr == (ver >= 1100 ? 0x0d04u : 0x9840u) &&
			   r[0].value == (ver >= 1100 ? 0x200u : 0x80u),
			   "%s (ver %u): %zu mux writes, not the NOA power alone",
			   intel_oa_metric_set_name(s), ver, n);
	r = intel_oa_metric_set_regs(s, INTEL_OA_REG_BOOLEAN, &n);
	for (i = 0; i < n; i++) {
		UNIT_CHECK(bool_ok(ver, r[i].addr),
			   "%s (ver %u): boolean 0x%x off the whitelist",
			   intel_oa_metric_set_name(s), ver, r[i].addr);
		UNIT_CHECK(!is_cec0(ver, r[i].addr) ||
			   (r[i].value >> 19 & 3) != 3,
			   "%s: CEC at 0x%x selects source 3",
			   intel_oa_metric_set_name(s), r[i].addr);
	}
	r = intel_oa_metric_set_regs(s, INTEL_OA_REG_FLEX, &n);
	UNIT_CHECK(ver >= 800 || n == 0, "%s: flex before Gen8",
		   intel_oa_metric_set_name(s));
	if (!n)
		return;
	/* all seven, each once, so every A7..A20 counts something */
	UNIT_CHECK(n == 7, "%s: %zu flex writes", intel_oa_metric_set_name(s),
		   n);
	for (k = 0; k < 7; k++) {
		for (i = 0; i < n && r[i].addr != flex_regs[k]; i++)
			;
		UNIT_CHECK(i < n, "%s: no flex 0x%x",
			   intel_oa_metric_set_name(s), flex_regs[k]);
		/* counters.rst "Register layout"; Gen12.5: codes 4:0, 8:5, 12:9 */
		if (ver >= 1250) {
			UNIT_CHECK(!(r[i].value >> 26), "flex MBZ bits");
			for (j = 0; j < 2; j++) {
				unsigned int f = r[i].value >> (12 * j) & 0xfff;

				fields[2 * k + j] = (f & 0xf) |
					(r[i].value >> (24 + j) & 1) << 4 |
					(f >> 4) << 5;
			}
		} else {
			UNIT_CHECK(!(r[i].value >> 24), "flex MBZ bits");
			fields[2 * k] = r[i].value & 0xfff;
			fields[2 * k + 1] = r[i].value >> 12 & 0xfff;
		}
	}
	for (i = 0; i < 14; i++) {
		UNIT_CHECK(ver >= 1250 ? field_ok_gen125(fields[i]) :
			   field_ok_gen8(fields[i]),
			   "%s (ver %u): A%zu field 0x%x counts nothing",
			   intel_oa_metric_set_name(s), ver, 7 + i, fields[i]);
		for (j = 0; j < i; j++)
			UNIT_CHECK(fields[i] != fields[j],
				   "%s: A%zu and A%zu programmed alike",
				   intel_oa_metric_set_name(s), 7 + j, 7 + i);
	}
}

static void test_whitelists(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = load_all();
	unsigned int p;
	size_t i;

	UNIT_CHECK(m, "metric files do not load");
	for (p = 0; p < intel_oa_platform_count(); p++) {
		const struct intel_oa_platform *pl = intel_oa_platform_at(p);

		for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
			const struct intel_oa_metric_set *s =
				intel_oa_metrics_set_at(m, i);

			if (!intel_oa_metric_set_applies(s, pl->name))
				continue;
			check_set_regs(s, pl->ver);
			if (unit_failed())
				break;
		}
		if (unit_failed())
			break;
	}
	intel_oa_metrics_free(m);
}

/* ---- every metric against its formula ---------------------------------- */

/* One period's inputs, as the test placed them. */
struct period {
	double a[45], b[8];
	double ticks;		/* GPU_TICKS delta (Gen8+) */
	double secs;		/* TIMESTAMP delta / TS_FREQ */
	double eus;		/* slices x subslices x EUs */
};

/*
 * Metric kinds of Documentation/metrics.rst, "Intel OA metric sets",
 * written out: x = the numbered A counter, y = a second operand.
 */
enum mkind {
	M_BUSY,		/* 100 * A0 / GPU_TICKS */
	M_CLK,		/* GPU_TICKS / SECONDS */
	M_EUPCT,	/* 100 * Ax / (EU_COUNT * GPU_TICKS) */
	M_RATE,		/* y * Ax / SECONDS */
	M_EARLY,	/* 4 * (A22 + A23) / SECONDS */
	M_MISS,		/* A28 ? 100 * A29 / A28 : 0 */
	M_BTICK,	/* Bx / GPU_TICKS */
	M_BCLK,		/* Bx / SECONDS */
	M_BPCT,		/* 100 * Bx / By */
	M_BRATIO,	/* Bx / By */
	M_AEUB,		/* 100 * Ax / (EU_COUNT * By) */
	M_APCTB,	/* 100 * Ax / By */
	M_ARATIOB,	/* Ax / By */
};

struct mexp {
	const char *name;
	int kind;
	int x, y;
};

static double expect(const struct mexp *e, const struct period *p)
{
	switch (e->kind) {
	case M_BUSY:
		return 100.0 * p->a[0] / p->ticks;
	case M_CLK:
		return p->ticks / p->secs;
	case M_EUPCT:
		return 100.0 * p->a[e->x] / (p->eus * p->ticks);
	case M_RATE:
		return e->y * p->a[e->x] / p->secs;
	case M_EARLY:
		return 4.0 * (p->a[22] + p->a[23]) / p->secs;
	case M_MISS:
		return p->a[28] != 0 ? 100.0 * p->a[29] / p->a[28] : 0;
	case M_BTICK:
		return p->b[e->x] / p->ticks;
	case M_BCLK:
		return p->b[e->x] / p->secs;
	case M_BPCT:
		return 100.0 * p->b[e->x] / p->b[e->y];
	case M_BRATIO:
		return p->b[e->x] / p->b[e->y];
	case M_AEUB:
		return 100.0 * p->a[e->x] / (p->eus * p->b[e->y]);
	case M_APCTB:
		return 100.0 * p->a[e->x] / p->b[e->y];
	default:
		return p->a[e->x] / p->b[e->y];
	}
}

#define EUP(n, x) { n, M_EUPCT, x, 0 }
#define RATE(n, x, f) { n, M_RATE, x, f }

static const struct mexp render8[] = {
	{ "gpu_busy_percent", M_BUSY, 0, 0 },
	{ "gpu_core_clocks_per_second", M_CLK, 0, 0 },
	EUP("eu_active_percent", 10), EUP("eu_stall_percent", 11),
	EUP("eu_fpu0_active_percent", 7), EUP("eu_fpu1_active_percent", 8),
	EUP("eu_send_active_percent", 9),
	EUP("eu_fpu_both_active_percent", 13),
	EUP("eu_row0_thread_occupancy_percent", 12),
	RATE("eu_send_starts_per_second", 14, 1),
	EUP("eu_fpu1_binary_percent", 15), EUP("eu_fpu1_ternary_percent", 16),
	EUP("eu_row1_stall_percent", 17), EUP("eu_num1_active_percent", 18),
	EUP("eu_ps_send_active_percent", 19),
	EUP("eu_gs_fpu1_active_percent", 20),
	RATE("vs_threads_per_second", 1, 1), RATE("hs_threads_per_second", 2, 1),
	RATE("ds_threads_per_second", 3, 1), RATE("gs_threads_per_second", 5, 1),
	RATE("ps_threads_per_second", 6, 1), RATE("cs_threads_per_second", 4, 1),
	RATE("pixels_rasterized_per_second", 21, 4),
	{ "pixels_early_killed_per_second", M_EARLY, 0, 0 },
	RATE("pixels_late_killed_per_second", 25, 4),
	RATE("pixels_written_per_second", 26, 4),
	RATE("pixels_blended_per_second", 27, 4),
	RATE("sampler_texels_per_second", 28, 4),
	{ "sampler_l1_miss_percent", M_MISS, 0, 0 },
	RATE("slm_bytes_read_per_second", 30, 64),
	RATE("slm_bytes_written_per_second", 31, 64),
	RATE("shader_memory_accesses_per_second", 32, 1),
	RATE("shader_atomics_per_second", 34, 1),
	RATE("shader_barriers_per_second", 35, 1),
};

static const struct mexp compute8[] = {
	{ "gpu_busy_percent", M_BUSY, 0, 0 },
	{ "gpu_core_clocks_per_second", M_CLK, 0, 0 },
	EUP("eu_thread_occupancy_percent", 7),
	EUP("eu_fpu_both_active_percent", 8),
	RATE("eu_send_starts_per_second", 9, 1),
	EUP("eu_row0_fpu1_active_percent", 10), EUP("eu_fpu0_mov_percent", 11),
	EUP("eu_num1_active_percent", 12),
	EUP("eu_num2_thread_occupancy_percent", 13),
	EUP("eu_fpu1_ternary_percent", 14),
	EUP("eu_num3_send_active_percent", 15),
	EUP("eu_row0_stall_percent", 16), EUP("eu_vs_fpu1_active_percent", 17),
	EUP("eu_row0_fpu0_active_percent", 18),
	EUP("eu_row0_fpu0_hybrid_percent", 19),
	EUP("eu_vs_fpu0_hybrid_percent", 20),
	RATE("cs_threads_per_second", 4, 1),
	RATE("slm_bytes_read_per_second", 30, 64),
	RATE("slm_bytes_written_per_second", 31, 64),
	RATE("shader_atomics_per_second", 34, 1),
	RATE("shader_barriers_per_second", 35, 1),
};

static const struct mexp testoa8[] = {
	{ "gpu_core_clocks_per_second", M_CLK, 0, 0 },
	{ "b0_per_gpu_clock", M_BTICK, 0, 0 },
	{ "b1_per_gpu_clock", M_BTICK, 1, 0 },
	{ "b2_per_gpu_clock", M_BTICK, 2, 0 },
	{ "b3_per_gpu_clock", M_BTICK, 3, 0 },
	{ "b4_per_gpu_clock", M_BTICK, 4, 0 },
	{ "b5_per_gpu_clock", M_BTICK, 5, 0 },
	{ "b6_per_gpu_clock", M_BTICK, 6, 0 },
	{ "b7_per_gpu_clock", M_BTICK, 7, 0 },
};

static const struct mexp render125[] = {
	{ "gpu_busy_percent", M_BUSY, 0, 0 },
	{ "gpu_core_clocks_per_second", M_CLK, 0, 0 },
	EUP("eu_active_percent", 10), EUP("eu_stall_percent", 11),
	EUP("eu_alu0_active_percent", 7), EUP("eu_alu1_active_percent", 8),
	EUP("eu_send_active_percent", 9),
	EUP("eu_alu_both_active_percent", 18),
	EUP("eu_systolic_active_percent", 13),
	EUP("eu_thread_occupancy_percent", 12),
	EUP("eu_fp16_slots_percent", 14), EUP("eu_fp32_slots_percent", 15),
	EUP("eu_int32_slots_percent", 16), EUP("eu_int16_slots_percent", 17),
	EUP("eu_math_slots_percent", 19),
	RATE("eu_send_starts_per_second", 20, 1),
	RATE("vs_threads_per_second", 1, 1), RATE("hs_threads_per_second", 2, 1),
	RATE("ds_threads_per_second", 3, 1), RATE("gs_threads_per_second", 5, 1),
	RATE("ps_threads_per_second", 6, 1), RATE("cs_threads_per_second", 4, 1),
	RATE("pixels_rasterized_per_second", 21, 4),
	{ "pixels_early_killed_per_second", M_EARLY, 0, 0 },
	RATE("pixels_written_per_second", 26, 4),
	RATE("pixels_blended_per_second", 27, 4),
	RATE("sampler_texels_per_second", 28, 4),
	{ "sampler_l1_miss_percent", M_MISS, 0, 0 },
	RATE("slm_bytes_read_per_second", 30, 64),
	RATE("slm_bytes_written_per_second", 31, 64),
	RATE("shader_atomics_per_second", 34, 1),
	RATE("shader_barriers_per_second", 35, 1),
	RATE("gt_read_bytes_per_second", 36, 256),
	RATE("gt_write_bytes_per_second", 37, 256),
};

static const struct mexp compute125[] = {
	{ "gpu_busy_percent", M_BUSY, 0, 0 },
	{ "gpu_core_clocks_per_second", M_CLK, 0, 0 },
	EUP("eu_thread_occupancy_percent", 7),
	EUP("eu_alu_both_active_percent", 8),
	RATE("eu_send_starts_per_second", 9, 1),
	EUP("eu_gpgpu_alu0_active_percent", 10),
	EUP("eu_alu0_systolic_both_active_percent", 11),
	EUP("eu_systolic_bf16_slots_percent", 12),
	EUP("eu_systolic_int8_slots_percent", 13),
	EUP("eu_systolic_fp16_slots_percent", 14),
	EUP("eu_control_active_percent", 15),
	EUP("eu_num0_alu1_active_percent", 16),
	EUP("eu_row1_active_percent", 17), EUP("eu_num3_stall_percent", 18),
	EUP("eu_row0_alu0_active_percent", 19),
	EUP("eu_row0_systolic_active_percent", 20),
	RATE("cs_threads_per_second", 4, 1),
	RATE("slm_bytes_read_per_second", 30, 64),
	RATE("slm_bytes_written_per_second", 31, 64),
	RATE("shader_atomics_per_second", 34, 1),
	RATE("shader_barriers_per_second", 35, 1),
};

#define BPCT(n, x, y) { n, M_BPCT, x, y }
#define AEUB(n, x) { n, M_AEUB, x, 0 }

static const struct mexp render67[] = {
	{ "gpu_core_clocks_per_second", M_BCLK, 0, 0 },
	BPCT("gpu_busy_percent", 1, 0),
	AEUB("eu_active_percent", 0), AEUB("eu_stall_percent", 1),
	AEUB("vs_active_percent", 2),
	BPCT("eu0_fpu0_active_percent", 2, 0), BPCT("eu0_stall_percent", 3, 0),
};

static const struct mexp compute67[] = {
	{ "gpu_core_clocks_per_second", M_BCLK, 0, 0 },
	AEUB("eu_active_percent", 0), AEUB("eu_stall_percent", 1),
	BPCT("eu0_send_active_percent", 1, 0),
	BPCT("eu0_multi_pipe_percent", 2, 0),
	BPCT("eu0_fpu1_active_percent", 3, 0),
};

static const struct mexp testoa67[] = {
	{ "gpu_core_clocks_per_second", M_BCLK, 1, 0 },
	{ "b0_per_gpu_clock", M_BRATIO, 0, 1 },
	{ "b2_per_gpu_clock", M_BRATIO, 2, 1 },
	{ "b3_per_gpu_clock", M_BRATIO, 3, 1 },
};

static const struct mexp render_hsw[] = {
	{ "gpu_core_clocks_per_second", M_BCLK, 0, 0 },
	BPCT("gpu_busy_percent", 1, 0),
	{ "render_busy_percent", M_APCTB, 41, 0 },
	AEUB("eu_active_percent", 0), AEUB("eu_stall_percent", 1),
	AEUB("vs_active_percent", 2), AEUB("hs_active_percent", 7),
	AEUB("ds_active_percent", 12), AEUB("cs_active_percent", 17),
	AEUB("gs_active_percent", 22), AEUB("ps_active_percent", 27),
	RATE("hiz_pixels_passing_per_second", 32, 1),
	RATE("pixels_killed_per_second", 36, 1),
	RATE("pixels_failing_z_per_second", 39, 1),
	RATE("pixels_written_per_second", 40, 1),
	BPCT("eu0_fpu0_active_percent", 2, 0),
	BPCT("eu0_fpu1_active_percent", 3, 0),
	BPCT("eu0_send_active_percent", 4, 0), BPCT("eu0_stall_percent", 5, 0),
	BPCT("eu0_multi_pipe_percent", 6, 0),
	BPCT("eu0_fpu1_only_percent", 7, 0),
};

static const struct mexp compute_hsw[] = {
	{ "gpu_core_clocks_per_second", M_BCLK, 0, 0 },
	AEUB("cs_active_percent", 17),
	{ "cs_threads_loaded_avg", M_ARATIOB, 20, 0 },
	{ "odd_clocks_per_clock", M_BRATIO, 1, 0 },
	{ "mod3_clocks_per_clock", M_BRATIO, 2, 0 },
	{ "period0_clocks_per_clock", M_BRATIO, 3, 0 },
	BPCT("eu0_single_pipe_percent", 4, 0),
	BPCT("eu0_multi_pipe_percent", 5, 0),
	BPCT("eu0_send_active_percent", 6, 0),
	BPCT("eu0_send_idle_busy_percent", 7, 0),
};

static const struct mexp testoa_hsw[] = {
	{ "gpu_core_clocks_per_second", M_BCLK, 1, 0 },
	{ "b0_per_gpu_clock", M_BRATIO, 0, 1 },
	{ "b2_per_gpu_clock", M_BRATIO, 2, 1 },
	{ "b3_per_gpu_clock", M_BRATIO, 3, 1 },
	{ "b4_per_gpu_clock", M_BRATIO, 4, 1 },
	{ "b5_per_gpu_clock", M_BRATIO, 5, 1 },
	{ "b6_per_gpu_clock", M_BRATIO, 6, 1 },
	{ "b7_per_gpu_clock", M_BRATIO, 7, 1 },
};

#define TABLE(t) { t, sizeof(t) / sizeof(t[0]) }

struct mtable {
	const struct mexp *e;
	size_t n;
};

/* [family][Render, Compute, TestOa], families[] order */
static const struct mtable tables[N_FAMILIES][3] = {
	{ TABLE(render67), TABLE(compute67), TABLE(testoa67) },
	{ TABLE(render_hsw), TABLE(compute_hsw), TABLE(testoa_hsw) },
	{ TABLE(render8), TABLE(compute8), TABLE(testoa8) },
	{ TABLE(render8), TABLE(compute8), TABLE(testoa8) },
	{ TABLE(render8), TABLE(compute8), TABLE(testoa8) },
	{ TABLE(render8), TABLE(compute8), TABLE(testoa8) },
	{ TABLE(render125), TABLE(compute125), TABLE(testoa8) },
};

/* Gen12.5's A38u64_B8_C8 (Documentation/dg2.rst), which ref_formats lacks */
#define FMT_A38U64 43

static const struct ref_format ref_a38u64 = { FMT_A38U64, 448, 1250,
					      REF_HDR_64 };

static size_t a38u64_counters(struct ref_counter *o)
{
	size_t n = 0;
	int i;

	for (i = 0; i < 38; i++)
		o[n++] = (struct ref_counter){ REF_A, i, 64 };
	for (i = 0; i < 8; i++)
		o[n++] = (struct ref_counter){ REF_B, i, 32 };
	for (i = 0; i < 8; i++)
		o[n++] = (struct ref_counter){ REF_C, i, 32 };
	return n;
}

static void a38u64_place(const struct ref_counter *c, uint64_t v,
			 uint8_t *buf)
{
	if (c->kind == REF_A)
		put64(buf, c->index < 36 ? 32u + 8u * (unsigned int)c->index :
			   320u + 8u * (unsigned int)(c->index - 36), v);
	else
		put32(buf, (c->kind == REF_B ? 352u : 384u) +
			   4u * (unsigned int)c->index, (uint32_t)v);
}

static const struct ref_format *find_ref(unsigned int id, unsigned int ver)
{
	size_t i;

	if (id == FMT_A38U64 && ver == 1250)
		return &ref_a38u64;
	for (i = 0; i < ref_formats_count; i++)
		if (ref_formats[i].id == id && ref_formats[i].ver == ver)
			return &ref_formats[i];
	return NULL;
}

/* distinct per counter; the earlier reading sits just below the wrap */
static uint64_t delta_of(int kind, int k)
{
	return kind == REF_A ? 1000u + 37u * (unsigned int)k :
	       kind == REF_B ? 50u + 11u * (unsigned int)k :
	       7u + 3u * (unsigned int)k;
}

static uint64_t mask_of(int width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

struct eval_case {
	const struct intel_oa_metric_set *s;
	const struct intel_oa_platform *pl;
	const struct mtable *t;
};

static void eval_one(const struct eval_case *c)
{
	const char *sname = intel_oa_metric_set_name(c->s);
	const struct intel_oa_gen *gen = intel_oa_gen_by_ver(c->pl->ver);
	const char *fname = intel_oa_metric_set_format(c->s);
	const struct intel_oa_layout *l;
	const struct ref_format *rf;
	struct ref_counter ctrs[128];
	struct ref_header h0, h1;
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;
	struct intel_oa_oa_period op;
	struct period p;
	uint8_t r0[REF_MAX_REPORT], r1[REF_MAX_REPORT];
	double values[64];
	unsigned int flags[64], id;
	size_t n, i, j, nm;
	uint64_t ts_d = 24000, tick_d = 1200000;

	UNIT_CHECK(gen, "%s: no gen", c->pl->name);
	if (fname) {
		l = intel_oa_layout_by_name(fname);
		UNIT_CHECK(l, "%s: format %s", sname, fname);
		id = l->id;
		UNIT_CHECK(intel_oa_gen_stream_supports(gen, id),
			   "%s on %s: a stream cannot carry %s", sname,
			   c->pl->name, fname);
	} else {
		id = intel_oa_gen_default_format(gen);
	}
	rf = find_ref(id, c->pl->ver);
	UNIT_CHECK(rf, "%s on %s: no reference for format %u", sname,
		   c->pl->name, id);
	n = rf == &ref_a38u64 ? a38u64_counters(ctrs) :
	    ref_counters(rf, ctrs, 128);

	memset(r0, 0, sizeof(r0));
	memset(r1, 0, sizeof(r1));
	memset(&h0, 0, sizeof(h0));
	memset(&h1, 0, sizeof(h1));
	memset(&op, 0, sizeof(op));
	memset(&acc, 0, sizeof(acc));
	for (i = 0; i < 45; i++)
		p.a[i] = NAN;
	for (i = 0; i < 8; i++)
		p.b[i] = NAN;
	h0.timestamp = 0x10000000;
	h1.timestamp = h0.timestamp + ts_d;
	/* GPU_TICKS wraps too, at 32 or 64 bits */
	h0.gpu_ticks = mask_of(rf->hdr == REF_HDR_64 ? 64 : 32) - 1000;
	h1.gpu_ticks = (h0.gpu_ticks + tick_d) &
		       mask_of(rf->hdr == REF_HDR_64 ? 64 : 32);
	ref_place_header(rf->hdr, &h0, r0);
	ref_place_header(rf->hdr, &h1, r1);
	for (i = 0; i < n; i++) {
		const struct ref_counter *k = &ctrs[i];
		uint64_t d = delta_of(k->kind, k->index);
		uint64_t v0 = (mask_of(k->width) - 300 - 3u * (unsigned int)k->index) &
			      mask_of(k->width);
		uint64_t v1 = (v0 + d) & mask_of(k->width);

		if (rf == &ref_a38u64) {
			a38u64_place(k, v0, r0);
			a38u64_place(k, v1, r1);
		} else {
			UNIT_CHECK(!ref_place(rf, k, v0, r0) &&
				   !ref_place(rf, k, v1, r1), "place");
		}
		if (k->kind == REF_A) {
			p.a[k->index] = (double)d;
			op.has_a |= 1ull << k->index;
		} else if (k->kind == REF_B) {
			p.b[k->index] = (double)d;
			op.has_b |= 1u << k->index;
		} else if (k->kind == REF_C) {
			op.has_c |= 1u << k->index;
		}
	}
	UNIT_CHECK(!intel_oa_format_init(&fmt, id, gen), "format_init %u", id);
	UNIT_CHECK(!intel_oa_accumulate(&fmt, r0, r1, &acc), "accumulate");
	op.acc = &acc;
	op.has_gpu_ticks = rf->hdr != REF_HDR_GEN7;
	op.platform = c->pl;
	p.ticks = (double)tick_d;
	p.secs = (double)ts_d / (double)c->pl->ts_freq;
	p.eus = (double)c->pl->slices * c->pl->subslices * c->pl->eus;

	nm = intel_oa_metric_set_metric_count(c->s);
	UNIT_CHECK(nm == c->t->n && nm <= 64, "%s (%s): %zu metrics, expected %zu",
		   sname, intel_oa_metric_set_family(c->s), nm, c->t->n);
	intel_oa_metric_set_eval(c->s, NULL, intel_oa_oa_builtin, &op, values,
				 flags);
	for (i = 0; i < nm; i++) {
		const char *mname = intel_oa_metric_set_metric(c->s, i, NULL);
		double want;

		for (j = 0; j < c->t->n && strcmp(c->t->e[j].name, mname); j++)
			;
		UNIT_CHECK(j < c->t->n, "%s (%s): unexpected metric %s", sname,
			   intel_oa_metric_set_family(c->s), mname);
		want = expect(&c->t->e[j], &p);
		UNIT_CHECK(!isnan(want) && !isnan(values[i]) && !flags[i],
			   "%s on %s: %s is n/a (%s)", sname, c->pl->name, mname,
			   intel_oa_eval_flags_string(flags[i]));
		UNIT_CHECK(fabs(values[i] - want) <= 1e-9 * fabs(want),
			   "%s on %s: %s = %.17g, expected %.17g", sname,
			   c->pl->name, mname, values[i], want);
	}
}

static void test_eval_all(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = load_all();
	struct eval_case c;
	const char *unknown = NULL;
	unsigned int p;
	size_t i, k, runs = 0;
	int f;

	UNIT_CHECK(m, "metric files do not load");
	for (i = 0; i < intel_oa_metrics_set_count(m) && !unit_failed(); i++) {
		c.s = intel_oa_metrics_set_at(m, i);
		f = family_index(intel_oa_metric_set_family(c.s));
		if (f < 0)
			continue;	/* Bay Trail uncore, Mali */
		for (k = 0; k < 3; k++)
			if (!strcmp(set_names[k], intel_oa_metric_set_name(c.s)))
				break;
		if (k == 3) {
			unknown = intel_oa_metric_set_name(c.s);
			break;
		}
		c.t = &tables[f][k];
		for (p = 0; p < intel_oa_platform_count() && !unit_failed();
		     p++) {
			c.pl = intel_oa_platform_at(p);
			if (!intel_oa_metric_set_applies(c.s, c.pl->name))
				continue;
			eval_one(&c);
			runs++;
		}
	}
	intel_oa_metrics_free(m);
	UNIT_CHECK(!unknown, "unknown Intel set %s", unknown);
	/* every platform has exactly one family: three sets each */
	UNIT_CHECK(runs == intel_oa_platform_count() * 3,
		   "%zu set/platform evaluations", runs);
}
/*
 * Every metric of every shipped set (Intel OA, Bay Trail, Mali) has a line
 * in tools/metrics/descriptions, and every line there names a metric of
 * some set: none missing, none stale.
 */
static void test_descriptions(const void *arg UNIT_UNUSED)
{
	struct intel_oa_metrics *m = load_all();
	unsigned int missing = 0, described = 0;
	size_t i, j;

	UNIT_CHECK(m, "loading %s failed", METRICS_DIR);
	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		const struct intel_oa_metric_set *s = intel_oa_metrics_set_at(m, i);

		for (j = 0; j < intel_oa_metric_set_metric_count(s); j++) {
			const char *name = intel_oa_metric_set_metric(s, j, NULL);

			if (!*intel_oa_metrics_description(m, name)) {
				if (missing++ < 5)
					UNIT_CHECK(0, "%s of set %s has no description",
						   name, intel_oa_metric_set_name(s));
			} else {
				described++;
			}
		}
	}
	UNIT_CHECK(!*intel_oa_metrics_description(m, "no_such_metric"),
		   "an unknown name is described");
	/* and no line of the file describes a metric no set has */
	{
		FILE *f = fopen(METRICS_DIR "/descriptions", "r");
		char line[512], name[128];
		unsigned int stale = 0;

		UNIT_CHECK(f, "no %s/descriptions", METRICS_DIR);
		while (fgets(line, sizeof(line), f)) {
			bool found = false;

			if (line[0] == '#' || sscanf(line, "%127s", name) != 1)
				continue;
			for (i = 0; !found && i < intel_oa_metrics_set_count(m); i++) {
				const struct intel_oa_metric_set *s =
					intel_oa_metrics_set_at(m, i);

				for (j = 0; j < intel_oa_metric_set_metric_count(s); j++)
					if (!strcmp(name, intel_oa_metric_set_metric(s, j, NULL)))
						found = true;
			}
			if (!found && stale++ < 5)
				UNIT_CHECK(0, "descriptions names %s, which no set has", name);
		}
		fclose(f);
	}
	intel_oa_metrics_free(m);
	UNIT_CHECK(!missing && described > 400, "%u described, %u missing",
		   described, missing);
}

static const struct unit_test tests[] = {
	{ "intel-sets-directives", test_directives, NULL },
	{ "intel-sets-err-platforms-twice", test_directive_errors, &idx[0] },
	{ "intel-sets-err-platform-unknown", test_directive_errors, &idx[1] },
	{ "intel-sets-err-platform-listed-twice", test_directive_errors,
	  &idx[2] },
	{ "intel-sets-err-platforms-empty", test_directive_errors, &idx[3] },
	{ "intel-sets-err-platforms-first", test_directive_errors, &idx[4] },
	{ "intel-sets-err-platforms-after-set", test_directive_errors,
	  &idx[5] },
	{ "intel-sets-err-platforms-in-set", test_directive_errors, &idx[6] },
	{ "intel-sets-err-format-unknown", test_directive_errors, &idx[7] },
	{ "intel-sets-err-format-twice", test_directive_errors, &idx[8] },
	{ "intel-sets-err-format-outside", test_directive_errors, &idx[9] },
	{ "intel-sets-err-format-eol", test_directive_errors, &idx[10] },
	{ "intel-sets-err-platforms-gen-none", test_directive_errors,
	  &idx[11] },
	{ "intel-sets-err-platforms-gen-overlap", test_directive_errors,
	  &idx[12] },
	{ "intel-sets-err-platforms-gen-malformed", test_directive_errors,
	  &idx[13] },
	{ "intel-sets-platforms-gen", test_gen_selector, NULL },
	{ "intel-sets-default-dir", test_default_dir, NULL },
	{ "intel-sets-files-load", test_files_load, NULL },
	{ "intel-sets-platform-coverage", test_platform_coverage, NULL },
	{ "intel-sets-whitelists-and-violations", test_whitelists, NULL },
	{ "intel-sets-eval-every-set-every-platform", test_eval_all, NULL },
	{ "intel-sets-every-metric-described", test_descriptions, NULL },
};

UNIT_SUITE(intel_sets_suite, tests);
