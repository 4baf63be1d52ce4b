// SPDX-License-Identifier: MIT
/*
 * Unit tests of the OA metric XML importer: the XML reader, the RPN
 * equations with IGT's C arithmetic, the sets it makes, the device
 * description from a topology.
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * Every expected value is worked out here by hand from the C that IGT's
 * codegen.py writes for the equation (quoted next to it).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"
#include "../../tools/lib/rpn.h"
#include "../../tools/lib/xml.h"
#include "unit.h"

/* ---- the XML reader ---- */

struct events {
	char log[512];
};

static int ev_start(void *ctx, const char *name,
		    const struct ioa_xml_attr *a, size_t n)
{
	struct events *e = ctx;
	size_t i, l = strlen(e->log);

	l += (size_t)snprintf(e->log + l, sizeof(e->log) - l, "<%s", name);
	for (i = 0; i < n; i++)
		l += (size_t)snprintf(e->log + l, sizeof(e->log) - l,
				      " %s=[%s]", a[i].name, a[i].value);
	snprintf(e->log + l, sizeof(e->log) - l, ">");
	return 0;
}

static int ev_end(void *ctx, const char *name)
{
	struct events *e = ctx;
	size_t l = strlen(e->log);

	snprintf(e->log + l, sizeof(e->log) - l, "</%s>", name);
	return 0;
}

static int parse(const char *doc, struct events *e, struct ioa_xml_pos *pos,
		 char *msg, size_t len)
{
	static const struct ioa_xml_handler h = { ev_start, ev_end };

	memset(e, 0, sizeof(*e));
	return ioa_xml_parse(doc, strlen(doc), &h, e, pos, msg, len);
}

static void test_xml_well_formed(const void *arg UNIT_UNUSED)
{
	const char *doc =
		"\xef\xbb\xbf<?xml version=\"1.0\"?>\n"
		"<!-- a comment with <tags> -->\n"
		"<metrics a='1' b = \"x &amp;&amp; y &lt;&gt; &quot;&apos; &#65;&#x42;\">\n"
		"  <set n=\"s\"><c/>text<![CDATA[<not a tag>]]></set>\n"
		"</metrics>\n";
	struct ioa_xml_pos pos;
	struct events e;
	char msg[128];

	UNIT_EQ(parse(doc, &e, &pos, msg, sizeof(msg)), 0, msg);
	UNIT_CHECK(!strcmp(e.log, "<metrics a=[1] b=[x && y <> \"' AB]>"
			   "<set n=[s]><c></c></set></metrics>"),
		   "events: %s", e.log);
}

static void test_xml_errors(const void *arg UNIT_UNUSED)
{
	static const struct {
		const char *doc;
		unsigned int line, column;
		const char *msg;
	} cases[] = {
		{ "<a>\n <b></a>", 2, 5, "expected '</b>', found '</a>'" },
		{ "<a>\n<b>", 2, 4, "element <b> is not closed" },
		{ "<a x='1' x='2'/>", 1, 10, "attribute 'x' given twice" },
		{ "<a x='&foo;'/>", 1, 7, "unknown entity" },
		{ "<a x='&#0;'/>", 1, 7, "bad character reference" },
		{ "<a x='a<b'/>", 1, 8, "'<' in an attribute value" },
		{ "<a x=1/>", 1, 6, "expected a quoted value" },
		{ "<a x='1'y='2'/>", 1, 9, "expected white space" },
		{ "<!DOCTYPE a><a/>", 1, 1, "DTDs and declarations" },
		{ "<a/><b/>", 1, 5, "a second root element" },
		{ "<a/>x", 1, 5, "text outside the root element" },
		{ "", 1, 1, "no root element" },
		{ "<a><!-- x </a>", 1, 4, "unterminated comment" },
		{ "</a>", 1, 1, "closes no element" },
	};
	struct ioa_xml_pos pos;
	struct events e;
	char msg[128];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		UNIT_CHECK(parse(cases[i].doc, &e, &pos, msg, sizeof(msg)) ==
			   -EINVAL, "case %zu parsed", i);
		UNIT_CHECK(strstr(msg, cases[i].msg), "case %zu: message '%s'",
			   i, msg);
		UNIT_CHECK(pos.line == cases[i].line &&
			   pos.column == cases[i].column,
			   "case %zu (%s): at %u:%u, expected %u:%u", i, msg,
			   pos.line, pos.column, cases[i].line, cases[i].column);
	}
}

/* ---- equations ---- */

/* $F is a double 2.5, $U a uint64_t 7, $N a uint64_t 0; A n is 100 n + 1 */
static int t_resolve(void *ctx, const char *name, size_t len, bool *f)
{
	(void)ctx;
	*f = len == 1 && name[0] == 'F';
	if (len == 1 && (name[0] == 'F' || name[0] == 'U' || name[0] == 'N'))
		return 1000 + name[0];
	return -1;
}

static int t_lookup(void *ctx, int id, struct ioa_rpn_val *v)
{
	(void)ctx;
	memset(v, 0, sizeof(*v));
	if (id == 1000 + 'F') {
		v->f = true;
		v->d = 2.5;
	} else if (id == 1000 + 'U') {
		v->u = 7;
	} else if (id == 1000 + 'N') {
		v->u = 0;
	} else if (id >= INTEL_OA_BI_A && id < INTEL_OA_BI_B) {
		v->u = 100u * (unsigned int)(id - INTEL_OA_BI_A) + 1;
	} else if (id == INTEL_OA_BI_TIMESTAMP) {
		v->u = 12000;
	} else {
		return -1;
	}
	return 0;
}

static int run(const char *eq, struct ioa_rpn_val *v, char *msg, size_t len)
{
	struct ioa_rpn *p = ioa_rpn_compile(eq, t_resolve, NULL, msg, len);
	int ret;

	if (!p)
		return -100;
	ret = ioa_rpn_eval(p, t_lookup, NULL, v);
	ioa_rpn_free(p);
	return ret;
}

static void test_rpn_c_arithmetic(const void *arg UNIT_UNUSED)
{
	static const struct {
		const char *eq;
		bool f;
		uint64_t u;
		double d;
	} cases[] = {
		/* uint64_t t2 = t0 / t1 with t0 = 701, t1 = 7: truncates */
		{ "A 7 READ $U UDIV", false, 100, 0 },
		/* (701 / 7) * 100 / 200.0 */
		{ "A 7 READ $U UDIV 100 UMUL 200 FDIV", true, 0, 50.0 },
		/* FDIV by zero is 0, UDIV too */
		{ "A 1 READ $N FDIV", true, 0, 0 },
		{ "A 1 READ $N UDIV", false, 0, 0 },
		/* uint64_t t = 2.5 * 3: 7.5 truncated */
		{ "$F 3 UMUL", false, 7, 0 },
		/* double t = 3 + 4 in uint64_t first */
		{ "3 4 FADD", true, 0, 7.0 },
		/* uint64_t wraps: 1 - 2 */
		{ "1 2 USUB", false, UINT64_MAX, 0 },
		/* double - : 1 - 2.5, then assigned to uint64_t: x86 gives 2^64 - 1 */
		{ "1 $F USUB", false, UINT64_MAX, 0 },
		/* double t = 1 - 2 computed in uint64_t: 2^64 - 1 as a double */
		{ "1 2 FSUB", true, 0, 18446744073709551615.0 },
		{ "$F 4 FMAX", true, 0, 4.0 },
		/* MIN(2.5, 7) then to uint64_t */
		{ "$F $U UMIN", false, 2, 0 },
		{ "1 40 <<", false, 1ull << 40, 0 },
		{ "0x1f0 4 >>", false, 0x1f, 0 },
		{ "0x06 0x03 AND", false, 2, 0 },
		{ "7 $U UGTE", false, 1, 0 },
		{ "7 $U UGT", false, 0, 0 },
		{ "8 $U UGT", false, 1, 0 },
		{ "$F 2 UGT", false, 1, 0 },
		{ "$F 3 ULT", false, 1, 0 },
		{ "true 0 &&", false, 0, 0 },
		{ "GPU_TIME 0 READ 1000000000 UMUL 12000000 UDIV", false, 1000000, 0 },
		{ "0.5", true, 0, 0.5 },
	};
	struct ioa_rpn_val v;
	char msg[128];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		UNIT_CHECK(!run(cases[i].eq, &v, msg, sizeof(msg)),
			   "'%s' failed: %s", cases[i].eq, msg);
		UNIT_CHECK(v.f == cases[i].f, "'%s': %s result", cases[i].eq,
			   v.f ? "double" : "integer");
		if (v.f)
			UNIT_CHECK(v.d == cases[i].d, "'%s': %.17g, expected %.17g",
				   cases[i].eq, v.d, cases[i].d);
		else
			UNIT_EQ(v.u, cases[i].u, cases[i].eq);
	}
	/* C leaves these conversions undefined; x86-64 gives these */
	UNIT_EQ(ioa_rpn_u64(NAN), 1ull << 63, "NaN");
	UNIT_EQ(ioa_rpn_u64(-1.0), UINT64_MAX, "-1");
	UNIT_EQ(ioa_rpn_u64(18446744073709549568.0), 18446744073709549568ull,
		"largest double below 2^64");
	UNIT_EQ(ioa_rpn_u64(1e30), 0, "far above 2^64");
	UNIT_EQ(ioa_rpn_u64(-1e30), 1ull << 63, "far below -2^63");
}

static void test_rpn_errors(const void *arg UNIT_UNUSED)
{
	static const struct {
		const char *eq;
		const char *msg;
	} cases[] = {
		{ "", "empty equation" },
		{ "1 2", "2 values left" },
		{ "1 UADD", "needs two operands" },
		{ "$X", "unknown variable '$X'" },
		{ "A 45 READ", "no counter A of that index" },
		{ "B 1.5 READ", "expected 'KIND N READ'" },
		{ "1 A READ", "expected 'KIND N READ'" },
		{ "A 1 UADD", "'A' is an operand of READ only" },
		{ "$F 1 <<", "of a floating-point operand" },
		{ "1 2 POW", "unknown token 'POW'" },
	};
	struct ioa_rpn_val v;
	char msg[128];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		UNIT_CHECK(run(cases[i].eq, &v, msg, sizeof(msg)) == -100,
			   "'%s' compiled", cases[i].eq);
		UNIT_CHECK(strstr(msg, cases[i].msg), "'%s': message '%s'",
			   cases[i].eq, msg);
	}
	/* an undefined input makes the result undefined */
	UNIT_EQ(run("C 1 READ 1 UADD", &v, msg, sizeof(msg)), -1, "undefined");
	UNIT_EQ(run("PERFCNT 0 READ", &v, msg, sizeof(msg)), -1, "query only");
}

/* ---- the importer ---- */

static const char set_xml[] =
	"<?xml version=\"1.0\"?>\n"
	"<metrics version=\"1\">\n"
	"  <set name=\"Test Basic\" chipset=\"SKLGT2\" symbol_name=\"TestBasic\"\n"
	"       hw_config_guid=\"01234567-89ab-4def-8123-456789abcdef\">\n"
	/* a forward reference: Busy reads Clocks, defined after it */
	"    <counter symbol_name=\"Busy\" data_type=\"float\" units=\"percent\"\n"
	"             description=\"Busy &amp; more.\"\n"
	"             equation=\"A 0 READ $EuCoresTotalCount UDIV 100 UMUL $Clocks FDIV\"/>\n"
	"    <counter symbol_name=\"Clocks\" data_type=\"uint64\" units=\"cycles\"\n"
	"             equation=\"A 2 READ\"/>\n"
	"    <counter symbol_name=\"Slice1Only\" data_type=\"uint64\" units=\"events\"\n"
	"             availability=\"$SliceMask 0x02 AND\" equation=\"A 1 READ\"/>\n"
	"    <counter symbol_name=\"Freq\" data_type=\"uint64\" units=\"hz\"\n"
	"             equation=\"$Clocks 1000000000 UMUL GPU_TIME 0 READ 1000000000 UMUL $GpuTimestampFrequency UDIV UDIV\"/>\n"
	"    <register_config type=\"NOA\" availability=\"$SkuRevisionId 0x02 ULT\">\n"
	"      <register type=\"NOA\" address=\"0x9888\" value=\"0x1\"/>\n"
	"    </register_config>\n"
	"    <register_config type=\"NOA\" availability=\"$SkuRevisionId 0x02 UGTE\">\n"
	"      <register type=\"NOA\" address=\"0x9888\" value=\"0x2\"/>\n"
	"    </register_config>\n"
	"    <register_config type=\"FLEX\">\n"
	"      <register type=\"FLEX\" address=\"0xE458\" value=\"0x00005004\"/>\n"
	"    </register_config>\n"
	"  </set>\n"
	"</metrics>\n";

static void test_import_set(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_platform *pl = intel_oa_platform_by_name("skl");
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_accumulator acc = { 0 };
	struct intel_oa_gt_info gt;
	struct intel_oa_oa_period op = { .acc = &acc, .platform = pl,
					 .gt = &gt, .has_a = ~0ull };
	struct intel_oa_metric_reg regs[4];
	const struct intel_oa_metric_set *s;
	struct intel_oa_parse_error err;
	double v[4];
	unsigned int fl[4];
	const char *unit;

	UNIT_CHECK(m && pl, "setup");
	UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "t.xml", set_xml,
					     strlen(set_xml), &err), 0, err.text);
	s = intel_oa_metrics_find_for(m, "TestBasic", "skl");
	UNIT_CHECK(s, "set found for skl");
	UNIT_CHECK(!intel_oa_metrics_find_for(m, "TestBasic", "kbl"),
		   "SKLGT2 is not kbl");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_uuid(s),
			   "01234567-89ab-4def-8123-456789abcdef"), "uuid");
	UNIT_EQ(intel_oa_metric_set_metric_count(s), 4, "counters");
	UNIT_CHECK(!strcmp(intel_oa_metric_set_metric(s, 0, &unit), "Busy") &&
		   !strcmp(unit, "%"), "percent is %%");
	UNIT_CHECK(!strcmp(intel_oa_metrics_description(m, "Busy"),
			   "Busy & more."), "description");

	/* skl GT2: 1 slice of 3 subslices of 8 EUs */
	UNIT_EQ(intel_oa_gt_info_from_topology(&gt, pl, NULL, 0), 0, "gt");
	UNIT_EQ(gt.eus, 24, "EUs");
	UNIT_EQ(gt.slice_mask, 1, "slices");
	UNIT_CHECK(!intel_oa_metric_set_metric_available(s, 2,
							  intel_oa_oa_builtin,
							  &op), "slice 1 absent");
	UNIT_CHECK(intel_oa_metric_set_metric_available(s, 1,
							 intel_oa_oa_builtin,
							 &op), "no availability");
	gt.cs_ts_freq = 12000000;
	acc.a[0] = 2400 * 7 + 23;	/* / 24 EUs: 700 */
	acc.a[1] = 5;
	acc.a[2] = 3000;
	acc.timestamp = 12000;		/* 1 ms */
	UNIT_EQ(intel_oa_metric_set_eval(s, NULL, intel_oa_oa_builtin, &op,
					 v, fl), 0, "no NaN");
	/* (16823 / 24 = 700) * 100 / 3000.0 */
	UNIT_CHECK(v[0] == 70000.0 / 3000.0, "Busy %.17g", v[0]);
	UNIT_CHECK(v[1] == 3000, "Clocks %g", v[1]);
	/* 3000e9 / (12000e9 / 12e6 = 1000000) */
	UNIT_CHECK(v[3] == 3000000, "Freq %g", v[3]);

	/* revision 0 takes the first NOA list, 2 and later the second */
	UNIT_EQ(intel_oa_metric_set_regs_for(s, INTEL_OA_REG_MUX,
					     intel_oa_oa_builtin, &op, regs, 4),
		1, "one NOA list");
	UNIT_EQ(regs[0].value, 1, "revision 0");
	gt.revision = 3;
	UNIT_EQ(intel_oa_metric_set_regs_for(s, INTEL_OA_REG_MUX,
					     intel_oa_oa_builtin, &op, regs, 4),
		1, "one NOA list");
	UNIT_EQ(regs[0].value, 2, "revision 3");
	UNIT_EQ(intel_oa_metric_set_regs_for(s, INTEL_OA_REG_FLEX,
					     intel_oa_oa_builtin, &op, regs, 4),
		1, "FLEX");
	UNIT_EQ(regs[0].addr, 0xe458, "FLEX address");
	/* a second file with the same set for the same platform is refused */
	UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "u.xml", set_xml,
					     strlen(set_xml), &err), -EINVAL,
		"twice");
	UNIT_CHECK(strstr(err.msg, "already loaded"), "%s", err.msg);
	intel_oa_metrics_free(m);
}

static void test_import_errors(const void *arg UNIT_UNUSED)
{
	static const struct {
		const char *doc;
		unsigned int line;
		const char *msg;
	} cases[] = {
		{ "<foo/>", 1, "not <metrics>" },
		{ "<metrics/>", 1, "no <set>" },
		{ "<metrics>\n<set chipset='XYZ' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'/></metrics>",
		  2, "chipset 'XYZ'" },
		{ "<metrics>\n<set chipset='HSW' symbol_name='S' hw_config_guid='x'/></metrics>",
		  2, "not a uuid" },
		{ "<metrics><set chipset='HSW' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'>\n"
		  "<counter symbol_name='C' data_type='uint64' equation='$Nope'/></set></metrics>",
		  2, "unknown variable '$Nope'" },
		{ "<metrics><set chipset='HSW' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'>\n"
		  "<counter symbol_name='C' data_type='bool32' equation='1'/></set></metrics>",
		  2, "data_type 'bool32'" },
		{ "<metrics><set chipset='HSW' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'>\n"
		  "<counter symbol_name='C' data_type='uint64'/></set></metrics>",
		  2, "<counter> without equation" },
		{ "<metrics><set chipset='HSW' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'>\n"
		  "<register_config type='NOA'><register address='0x1' value='0x100000000'/></register_config>"
		  "<counter symbol_name='C' data_type='uint64' equation='1'/></set></metrics>",
		  2, "not a 32-bit number" },
		{ "<metrics>\n<set chipset='HSW' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'/></metrics>",
		  2, "has no counter" },
		{ "<metrics><set chipset='HSW' symbol_name='S' hw_config_guid='01234567-89ab-4def-8123-456789abcdef'>\n"
		  "<counter symbol_name='X' data_type='uint64' equation='$Y 1 UADD'/>\n"
		  "<counter symbol_name='Y' data_type='uint64' equation='$X'/></set></metrics>",
		  2, "counter X reads itself" },
	};
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_parse_error err;
	size_t i;

	UNIT_CHECK(m, "setup");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "e.xml", cases[i].doc,
						     strlen(cases[i].doc), &err),
			-EINVAL, cases[i].msg);
		UNIT_CHECK(strstr(err.msg, cases[i].msg) &&
			   err.line == cases[i].line &&
			   !strncmp(err.text, "e.xml:", 6),
			   "case %zu: %s", i, err.text);
	}
	UNIT_EQ(intel_oa_metrics_set_count(m), 0, "nothing added");
	intel_oa_metrics_free(m);
}

/*
 * Haswell's A45_B8_C8: the PRM reserves dwords 56-63, IGT reads them as
 * C0-C7 and oa-hsw.xml reads the GPU clock as C 2. The layout carries
 * them, so a set of Intel's file and our own set both find C2 there.
 */
static const char hsw_xml[] =
	"<metrics><set chipset=\"HSW\" symbol_name=\"HswClocks\"\n"
	"  hw_config_guid=\"76543210-89ab-4def-8123-456789abcdef\">\n"
	"  <counter symbol_name=\"GpuCoreClocks\" data_type=\"uint64\"\n"
	"    units=\"cycles\" equation=\"C 2 READ\"/>\n"
	"  <counter symbol_name=\"C7\" data_type=\"uint64\"\n"
	"    units=\"events\" equation=\"C 7 READ\"/>\n"
	"</set></metrics>\n";

static const char own_hsw[] =
	"family a\nplatforms hsw\nset Own\nformat A45_B8_C8\n"
	"metric a0 = A0\nend\n";

static void test_hsw_c_as_igt_reads(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_platform *pl = intel_oa_platform_by_name("hsw");
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_accumulator acc = { 0 };
	struct intel_oa_oa_period op = { .acc = &acc, .platform = pl };
	const struct intel_oa_metric_set *s;
	struct intel_oa_parse_error err;
	struct intel_oa_format fmt;
	uint8_t p[256], c[256];
	double v[2];
	unsigned int fl[2];

	UNIT_CHECK(m && pl, "setup");
	UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "h.xml", hsw_xml,
					     strlen(hsw_xml), &err), 0, err.text);
	s = intel_oa_metrics_find_for(m, "HswClocks", "hsw");
	UNIT_CHECK(s, "set found for hsw");
	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A45_B8_C8,
				     intel_oa_gen_by_ver(750)), 0, "format");
	UNIT_EQ(intel_oa_oa_period_fields(&op, s, &fmt), 0, "fields");
	UNIT_EQ(op.has_c, 0xff, "C0-C7 as IGT reads them");
	UNIT_EQ(op.has_a, (1ull << 45) - 1, "A0-A44");
	UNIT_EQ(op.has_b, 0xff, "B0-B7");
	UNIT_EQ(op.has_gpu_ticks, 0, "no GPU_TICKS before Gen8");

	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));
	put32(p, 4 * 58, 0xfffffff0u);	/* C2 wraps: 0x30 */
	put32(c, 4 * 58, 0x00000020u);
	put32(p, 4 * 63, 1000);		/* C7: 234 */
	put32(c, 4 * 63, 1234);
	put32(c, 4 * 57, 77);		/* C1, a neighbour */
	UNIT_EQ(intel_oa_metric_set_accumulate(s, &fmt, p, c, &acc), 0,
		"accumulate");
	UNIT_EQ(acc.c[2], 0x30, "C2 from dword 58");
	UNIT_EQ(acc.c[7], 234, "C7 from dword 63");
	UNIT_EQ(acc.c[1], 77, "C1 from dword 57");
	UNIT_EQ(acc.n_deltas, 1, "one pair");
	UNIT_EQ(intel_oa_metric_set_eval(s, NULL, intel_oa_oa_builtin, &op,
					 v, fl), 0, "no NaN");
	UNIT_CHECK(v[0] == 0x30 && v[1] == 234, "C2 %g, C7 %g", v[0], v[1]);
	UNIT_EQ(intel_oa_metric_set_accumulate(NULL, &fmt, p, c, &acc),
		(uint64_t)-EINVAL, "no set");
	intel_oa_metrics_free(m);

	/* our own Haswell set reads the same layout */
	m = intel_oa_metrics_new();
	UNIT_CHECK(m, "setup");
	UNIT_EQ(intel_oa_metrics_load_string(m, "own.metrics", own_hsw,
					     strlen(own_hsw), &err), 0,
		err.text);
	s = intel_oa_metrics_find(m, "Own");
	UNIT_CHECK(s, "own set");
	memset(&acc, 0, sizeof(acc));
	UNIT_EQ(intel_oa_oa_period_fields(&op, s, &fmt), 0, "fields");
	UNIT_EQ(op.has_c, 0xff, "C0-C7 in our own set too");
	UNIT_EQ(intel_oa_metric_set_accumulate(s, &fmt, p, c, &acc), 0,
		"accumulate");
	UNIT_EQ(acc.c[2], 0x30, "C2 from dword 58");
	intel_oa_metrics_free(m);
}

/* IGT's topology walk: a fused-off subslice and EUs are not counted. */
static void test_gt_info_topology(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_platform *tgl = intel_oa_platform_by_name("tgl");
	const struct intel_oa_platform *bxt = intel_oa_platform_by_name("bxt");
	/* 2 slices x 4 subslices x 8 EUs; slice 1 is fused off */
	uint8_t topo[16 + 1 + 2 + 8];
	struct intel_oa_gt_info gt;

	UNIT_CHECK(tgl && bxt, "setup");
	memset(topo, 0, sizeof(topo));
	topo[2] = 2;		/* max_slices */
	topo[4] = 4;		/* max_subslices */
	topo[6] = 8;		/* max_eus_per_subslice */
	topo[8] = 1;		/* subslice_offset */
	topo[10] = 1;		/* subslice_stride */
	topo[12] = 3;		/* eu_offset */
	topo[14] = 1;		/* eu_stride */
	topo[16] = 0x01;	/* slice 0 */
	topo[17] = 0x0b;	/* slice 0 subslices 0, 1, 3 */
	topo[18] = 0x0f;	/* slice 1 (fused) */
	topo[19] = 0xff;	/* ss0: 8 EUs */
	topo[20] = 0x7f;	/* ss1: 7 EUs */
	topo[21] = 0xff;	/* ss2: absent, not counted */
	topo[22] = 0x03;	/* ss3: 2 EUs */
	UNIT_EQ(intel_oa_gt_info_from_topology(&gt, tgl, topo, sizeof(topo)), 0,
		"parsed");
	UNIT_EQ(gt.eus, 17, "EUs");
	UNIT_EQ(gt.slice_mask, 1, "slice mask");
	UNIT_EQ(gt.subslice_mask, 0x0b, "8 bits per slice from Gen11");
	UNIT_EQ(gt.subslices, 3, "subslices");
	UNIT_EQ(gt.eu_threads, 7, "threads");
	UNIT_EQ(intel_oa_gt_info_from_topology(&gt, tgl, topo, 20), -EINVAL,
		"short");
	UNIT_EQ(intel_oa_gt_info_from_topology(&gt, bxt, NULL, 0), 0, "bxt");
	UNIT_EQ(gt.eu_threads, 6, "Gen9 low power");
	UNIT_EQ(gt.subslice_mask, (1u << bxt->subslices) - 1,
		"3 bits per slice before Gen11");
}

/*
 * max_equation: a counter's bound over the same period, reading the
 * set's other counters (as Intel's "$GpuCoreClocks 64 UMUL") and device
 * variables; none declared is -ENOENT, an undefined input -EDOM. Our
 * files bound a percentage by 100 and nothing else.
 */
static const char max_xml[] =
	"<metrics><set chipset=\"SKLGT2\" symbol_name=\"Bounded\"\n"
	"  hw_config_guid=\"76543210-89ab-4def-8123-456789abcde0\">\n"
	"  <counter symbol_name=\"Clocks\" data_type=\"uint64\"\n"
	"    units=\"cycles\" equation=\"GPU_CLOCK 0 READ\"/>\n"
	"  <counter symbol_name=\"Bytes\" data_type=\"uint64\" units=\"bytes\"\n"
	"    equation=\"C 7 READ 64 UMUL\" max_equation=\"$Clocks 32 UMUL\"/>\n"
	"  <counter symbol_name=\"Busy\" data_type=\"float\" units=\"percent\"\n"
	"    equation=\"A 0 READ 100 UMUL $Clocks FDIV\" max_equation=\"100\"/>\n"
	"  <counter symbol_name=\"PerEu\" data_type=\"float\" units=\"percent\"\n"
	"    equation=\"A 7 READ\" max_equation=\"$Clocks $EuCoresTotalCount UMUL\"/>\n"
	"</set></metrics>\n";

/* Mesa 25's Xe names and IGT's presence predicates (oa-mtlgt3.xml style) */
static const char xe_xml[] =
	"<metrics><set chipset=\"MTLGT3\" symbol_name=\"XeVars\"\n"
	"  hw_config_guid=\"76543210-89ab-4def-8123-456789abcde1\">\n"
	"  <counter symbol_name=\"Eus\" data_type=\"uint64\" units=\"number\"\n"
	"    equation=\"$VectorEngineTotalCount\"/>\n"
	"  <counter symbol_name=\"Cores\" data_type=\"uint64\" units=\"number\"\n"
	"    equation=\"$XeCoreTotalCount $GtSlice0XeCore7 UMUL\"/>\n"
	"  <counter symbol_name=\"Core1\" data_type=\"uint64\" units=\"number\"\n"
	"    equation=\"1\" availability=\"$GtSlice0XeCore1\"/>\n"
	"  <counter symbol_name=\"Slice1\" data_type=\"uint64\" units=\"number\"\n"
	"    equation=\"1\" availability=\"$GtSlice1XeCore0\"/>\n"
	"  <counter symbol_name=\"Slice0\" data_type=\"uint64\" units=\"number\"\n"
	"    equation=\"1\" availability=\"$GtSlice0\"/>\n"
	"</set></metrics>\n";

/*
 * On mtl (one slice of eight Xe-cores, 16 EUs each, in the i915 topology):
 * 128 vector engines, 8 Xe-cores, slice 0 and its cores present, slice 1
 * not (IGT's reading; Mesa would regroup the cores into two slices).
 */
static void test_xe_variables(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_platform *pl = intel_oa_platform_by_name("mtl");
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_accumulator acc = { 0 };
	struct intel_oa_oa_period op = { .acc = &acc, .platform = pl };
	const struct intel_oa_metric_set *s;
	struct intel_oa_parse_error err;
	struct intel_oa_gt_info gi;
	double v[5];
	unsigned int fl[5];

	UNIT_CHECK(m && pl, "setup");
	/* the table row's full configuration, as without a topology query */
	UNIT_EQ(intel_oa_gt_info_from_topology(&gi, pl, NULL, 0), 0, "gt");
	op.gt = &gi;
	UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "x.xml", xe_xml,
					     strlen(xe_xml), &err), 0, err.text);
	s = intel_oa_metrics_find_for(m, "XeVars", "mtl");
	UNIT_CHECK(s, "set found for mtl");
	intel_oa_metric_set_eval(s, NULL, intel_oa_oa_builtin, &op, v, fl);
	UNIT_CHECK(v[0] == 128 && v[1] == 8, "EUs %g, Xe-cores %g", v[0], v[1]);
	UNIT_CHECK(intel_oa_metric_set_metric_available(s, 2,
							intel_oa_oa_builtin,
							&op), "XeCore1");
	UNIT_CHECK(!intel_oa_metric_set_metric_available(s, 3,
							 intel_oa_oa_builtin,
							 &op), "slice 1");
	UNIT_CHECK(intel_oa_metric_set_metric_available(s, 4,
							intel_oa_oa_builtin,
							&op), "slice 0");
	intel_oa_metrics_free(m);
}

static const char own_max[] =
	"family a\nplatforms skl\nset Own\n"
	"metric busy \"%\" = 100 * A0 / GPU_TICKS\n"
	"metric rate \"1/s\" = A0 / SECONDS\nend\n";

static void test_metric_max(const void *arg UNIT_UNUSED)
{
	const struct intel_oa_platform *pl = intel_oa_platform_by_name("skl");
	struct intel_oa_metrics *m = intel_oa_metrics_new();
	struct intel_oa_accumulator acc = { 0 };
	struct intel_oa_oa_period op = { .acc = &acc, .platform = pl };
	const struct intel_oa_metric_set *s;
	struct intel_oa_parse_error err;
	struct intel_oa_format fmt;
	double v[4], max;
	unsigned int fl[4];

	UNIT_CHECK(m && pl, "setup");
	UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "b.xml", max_xml,
					     strlen(max_xml), &err), 0, err.text);
	s = intel_oa_metrics_find_for(m, "Bounded", "skl");
	UNIT_CHECK(s, "set found");
	UNIT_EQ(intel_oa_format_init(&fmt, I915_OA_FORMAT_A32u40_A4u32_B8_C8,
				     intel_oa_gen_by_ver(900)), 0, "format");
	UNIT_EQ(intel_oa_oa_period_fields(&op, s, &fmt), 0, "fields");
	acc.gpu_ticks = 1000;
	acc.a[0] = 750;
	acc.c[7] = 600;
	acc.a[7] = 5;
	intel_oa_metric_set_eval(s, NULL, intel_oa_oa_builtin, &op, v, fl);
	UNIT_CHECK(v[0] == 1000 && v[1] == 38400 && v[2] == 75, "values %g %g %g",
		   v[0], v[1], v[2]);
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 0, intel_oa_oa_builtin, &op,
					       v, &max), (uint64_t)-ENOENT,
		"no max_equation");
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 1, intel_oa_oa_builtin, &op,
					       v, &max), 0, "Bytes");
	UNIT_CHECK(max == 32000, "Bytes max %g: 32 per clock", max);
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 2, intel_oa_oa_builtin, &op,
					       v, &max), 0, "Busy");
	UNIT_CHECK(max == 100, "Busy max %g", max);
	/* a device variable: skl's 24 EUs */
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 3, intel_oa_oa_builtin, &op,
					       v, &max), 0, "PerEu");
	UNIT_CHECK(max == 24000, "PerEu max %g: clocks x EUs", max);
	/* the bound reads Clocks: undefined when Clocks is */
	v[0] = NAN;
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 1, intel_oa_oa_builtin, &op,
					       v, &max), (uint64_t)-EDOM,
		"Clocks undefined");
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 4, intel_oa_oa_builtin, &op,
					       v, &max), (uint64_t)-EINVAL,
		"no metric 4");
	UNIT_EQ(intel_oa_metric_set_metric_max(NULL, 0, NULL, NULL, v, &max),
		(uint64_t)-EINVAL, "no set");
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 1, NULL, NULL, NULL, &max),
		(uint64_t)-EINVAL, "no values");
	intel_oa_metrics_free(m);

	/* an equation error in max_equation is the file's error */
	m = intel_oa_metrics_new();
	UNIT_CHECK(m, "setup");
	{
		static const char bad[] =
			"<metrics><set chipset=\"SKLGT2\" symbol_name=\"Bad\"\n"
			"  hw_config_guid=\"76543210-89ab-4def-8123-456789abcde1\">\n"
			"  <counter symbol_name=\"X\" data_type=\"uint64\"\n"
			"    equation=\"A 0 READ\" max_equation=\"$Nobody\"/>\n"
			"</set></metrics>\n";

		UNIT_EQ(intel_oa_metrics_load_oa_xml(m, "bad.xml", bad,
						     strlen(bad), &err),
			(uint64_t)-EINVAL, "bad max_equation");
		UNIT_CHECK(strstr(err.text, "max_equation '$Nobody'"), "%s",
			   err.text);
	}
	intel_oa_metrics_free(m);

	m = intel_oa_metrics_new();
	UNIT_CHECK(m, "setup");
	UNIT_EQ(intel_oa_metrics_load_string(m, "own.metrics", own_max,
					     strlen(own_max), &err), 0,
		err.text);
	s = intel_oa_metrics_find(m, "Own");
	UNIT_CHECK(s, "own set");
	v[0] = 50;
	v[1] = 1;
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 0, NULL, NULL, v, &max), 0,
		"a percentage");
	UNIT_CHECK(max == 100, "own %% max %g", max);
	UNIT_EQ(intel_oa_metric_set_metric_max(s, 1, NULL, NULL, v, &max),
		(uint64_t)-ENOENT, "a rate has no bound");
	intel_oa_metrics_free(m);
}

static const struct unit_test tests[] = {
	{ "xml-well-formed", test_xml_well_formed, NULL },
	{ "xml-errors", test_xml_errors, NULL },
	{ "rpn-c-arithmetic", test_rpn_c_arithmetic, NULL },
	{ "rpn-errors", test_rpn_errors, NULL },
	{ "oa-xml-import-set", test_import_set, NULL },
	{ "oa-xml-import-errors", test_import_errors, NULL },
	{ "gt-info-topology", test_gt_info_topology, NULL },
	{ "oa-xml-hsw-c-as-igt-reads", test_hsw_c_as_igt_reads, NULL },
	{ "oa-xml-metric-max", test_metric_max, NULL },
	{ "oa-xml-xe-variables", test_xe_variables, NULL },
};

UNIT_SUITE(oa_xml_suite, tests);
