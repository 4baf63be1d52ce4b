// SPDX-License-Identifier: MIT
/*
 * oa_counters: the "activity" workload of Documentation/counters.rst seen
 * through DRM_I915_PERF_ADD_CONFIG. Every subtest switches the virtual GPU
 * to the activity workload (control page 0x054), adds a metric set whose
 * flex EU, CEC and trigger registers are those the page describes, opens a
 * stream with it and compares every counter of every report with
 * lib/activity.c, the suite's own transcription of the page.
 *
 * A configuration here always writes all seven EU_PERF_CNT_CTL registers,
 * every CEC pair and both control registers of every trigger: the driver
 * writes only what a metric set lists, so anything left out would keep
 * whatever an earlier stream programmed.
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "activity.h"
#include "oa_test.h"

static struct oa_dev dev;
static struct act_gpu gpu;

/* ---- per-generation register banks (counters.rst offsets) ---- */

/**
 * struct bank - where a generation keeps the registers of counters.rst
 * @ver_lo: first graphics_ver of the row
 * @ver_hi: last graphics_ver of the row
 * @rel: graphics_rel the row needs, -1 for any
 * @cec: CEC0-0 (CECn-0 at +8n, CECn-1 at +8n+4)
 * @n_cec: CEC blocks present
 * @start: OASTARTTRIG1 (0: no triggers)
 * @report: OAREPORTTRIG1
 */
struct bank {
	unsigned int ver_lo, ver_hi;
	int rel;
	uint32_t cec;
	unsigned int n_cec;
	uint32_t start, report;
};

static const struct bank banks[] = {
	{ 6, 7, 0, 0x2390, 4, 0, 0 },
	{ 7, 7, 5, 0x2770, 8, 0x2710, 0x2740 },
	{ 8, 11, -1, 0x2770, 8, 0x2710, 0x2740 },
	{ 12, 12, -1, 0xd940, 8, 0xd900, 0xd920 },
};

static const uint32_t flex_ctl_reg[ACT_N_FLEX_CTL] = {
	0xe458, 0xe558, 0xe658, 0xe758, 0xe45c, 0xe55c, 0xe65c,
};

static const struct bank *bank(void)
{
	const struct oa_platform *p = dev.plat;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(banks); i++)
		if (p->graphics_ver >= banks[i].ver_lo &&
		    p->graphics_ver <= banks[i].ver_hi &&
		    (banks[i].rel < 0 || (unsigned int)banks[i].rel == p->graphics_rel))
			return &banks[i];
	igt_assert_f(false, "%s: no register bank row for graphics %u.%u", p->name,
		     p->graphics_ver, p->graphics_rel);
	return NULL;
}

static bool has_flex(void)
{
	return dev.plat->graphics_ver >= 8;
}

static bool has_triggers(void)
{
	return bank()->start != 0;
}

/* ---- a complete programming and its ADD_CONFIG ---- */

/* Trigger index: start 1, start 2, report 1, report 2. */
enum { TRIG_START1, TRIG_START2, TRIG_REPORT1, TRIG_REPORT2, N_TRIG };

/**
 * struct prog - every register counters.rst gives a meaning to
 * @ctl: EU_PERF_CNT_CTL0..6
 * @cec: the eight CEC blocks
 * @thr: TRIG(+0) of each trigger
 * @trig: TRIG(+4) of each trigger
 */
struct prog {
	uint32_t ctl[ACT_N_FLEX_CTL];
	struct act_cec cec;
	uint32_t thr[N_TRIG];
	uint32_t trig[N_TRIG];
};

struct reg { uint32_t addr, val; };

#define MAX_REGS 64

struct reglist {
	struct reg flex[ACT_N_FLEX_CTL], b[MAX_REGS];
	uint32_t n_flex, n_b;
};

static void regs_of(const struct prog *pr, struct reglist *l)
{
	const struct bank *bk = bank();
	unsigned int i;

	memset(l, 0, sizeof(*l));
	for (i = 0; has_flex() && i < ACT_N_FLEX_CTL; i++)
		l->flex[l->n_flex++] = (struct reg){ flex_ctl_reg[i], pr->ctl[i] };
	for (i = 0; i < bk->n_cec; i++) {
		l->b[l->n_b++] = (struct reg){ bk->cec + 8 * i, pr->cec.r0[i] };
		l->b[l->n_b++] = (struct reg){ bk->cec + 8 * i + 4, pr->cec.r1[i] };
	}
	for (i = 0; bk->start && i < N_TRIG; i++) {
		/* Trigger 1 uses registers 1..4 of its bank, trigger 2 5..8. */
		uint32_t base = (i < TRIG_REPORT1 ? bk->start : bk->report) +
				(i % 2) * 16;

		l->b[l->n_b++] = (struct reg){ base, pr->thr[i] };
		l->b[l->n_b++] = (struct reg){ base + 4, pr->trig[i] };
	}
}

static void uuid_for(char out[36], unsigned int n)
{
	char tmp[40];

	snprintf(tmp, sizeof(tmp), "%08x-c0c0-4abc-8def-%012x", 0x0c0c0000u + n, n);
	memcpy(out, tmp, 36);
}

/* The programming, and the NOA power as Intel's sets write it. */
static int add_config_regs(const char *uuid, const struct reg *b, uint32_t n_b,
			   const struct reg *flex, uint32_t n_flex)
{
	struct reg noa;
	struct drm_i915_perf_oa_config cfg = {
		.n_mux_regs = oa_platform_noa_power(dev.plat, &noa.addr, &noa.val),
		.mux_regs_ptr = (uintptr_t)&noa,
		.n_boolean_regs = n_b, .boolean_regs_ptr = (uintptr_t)b,
		.n_flex_regs = n_flex, .flex_regs_ptr = (uintptr_t)flex,
	};
	int ret;

	memcpy(cfg.uuid, uuid, sizeof(cfg.uuid));
	ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	return ret < 0 ? -errno : ret;
}

static void remove_config(void *data)
{
	uint64_t *id = data;

	if (*id)
		ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, id);
	free(id);
}

/*
 * Counters.rst's registers keep their values across streams and metric
 * sets that do not list them (the driver writes only what a set lists): a
 * trigger left enabled here would fire in every later stream of the
 * activity workload. At subtest end a stream with the reset values
 * (EU_PERF_CNT_CTL 0, Gen12.5 0x0300f00f: event 0b11111 in both fields; CEC and
 * triggers 0) puts them back.
 */
static const struct oa_format *pick_format(void);

static void reset_registers(void *data)
{
	struct prog pr;
	struct reglist l;
	struct oa_open o;
	char uuid[36];
	uint64_t id;
	int ret, fd;
	unsigned int i;

	(void)data;
	memset(&pr, 0, sizeof(pr));
	for (i = 0; gpu.xehp && i < ACT_N_FLEX_CTL; i++)
		pr.ctl[i] = ACT_XEHP_CTL(0x001f, 0x001f);
	regs_of(&pr, &l);
	uuid_for(uuid, 99);
	ret = add_config_regs(uuid, l.b, l.n_b, l.flex, l.n_flex);
	if (ret <= 0) {
		igt_warn("%s: ADD_CONFIG of the reset values failed: %s\n", dev.plat->name,
			 strerror(-ret));
		return;
	}
	id = (uint64_t)ret;
	memset(&o, 0, sizeof(o));
	oa_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA, 1);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_METRICS_SET, id);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT, pick_format()->uapi_id);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, 20);
	fd = oa_try_open(dev.drm_fd, &o);
	if (fd >= 0)
		close(fd);
	else
		igt_warn("%s: stream with the reset values failed: %s\n", dev.plat->name,
			 strerror(-fd));
	ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &id);
}

/* ADD_CONFIG of @pr, removed at subtest end; returns the metric set id. */
static uint64_t add_prog(const struct prog *pr, unsigned int n)
{
	uint64_t *id = calloc(1, sizeof(*id));
	struct reglist l;
	char uuid[36];
	int ret;

	igt_assert(id);
	igt_push_cleanup(reset_registers, NULL);
	regs_of(pr, &l);
	uuid_for(uuid, n);
	ret = add_config_regs(uuid, l.b, l.n_b, l.flex, l.n_flex);
	igt_assert_f(ret > 0, "%s: ADD_CONFIG of the counters.rst programming failed: %s",
		     dev.plat->name, strerror(-ret));
	*id = ret;
	igt_push_cleanup(remove_config, id);
	return *id;
}

/* ---- workload switch and topology ---- */

static void restore_linear(void *data)
{
	(void)data;
	vgpu_write(&dev, VGPU_WORKLOAD, VGPU_WORKLOAD_LINEAR);
}

static void set_workload(uint32_t w)
{
	oa_require_vgpu(&dev);
	igt_require_f(vgpu_read(&dev, VGPU_VERSION) >= 3,
		      "control page version %u: the workload switch (0x054) needs version 3\n",
		      vgpu_read(&dev, VGPU_VERSION));
	vgpu_write(&dev, VGPU_WORKLOAD, w);
	igt_push_cleanup(restore_linear, NULL);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_WORKLOAD), w);
}

static int getparam(int param)
{
	int value = 0;
	struct drm_i915_getparam gp = { .param = param, .value = &value };

	igt_assert_f(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0,
		     "GETPARAM %d failed: %s", param, strerror(errno));
	return value;
}

/* Topology from the driver (the lowest EUs of every subslice present). */
static void read_topology(void)
{
	const struct oa_platform *p = dev.plat;
	unsigned int ss = (unsigned int)getparam(I915_PARAM_SUBSLICE_TOTAL);
	unsigned int eus = (unsigned int)getparam(I915_PARAM_EU_TOTAL);
	unsigned int slices = (unsigned int)__builtin_popcount(getparam(I915_PARAM_SLICE_MASK));

	igt_assert_f(ss && eus % ss == 0, "%s: %u EUs over %u subslices", p->name, eus, ss);
	gpu.R = p->gpu_ticks_ratio;
	/* Meteor Lake's render GT counts Gen12.5's model (platforms.rst) */
	gpu.xehp = p->family & OA_FAM_XEHP;
	gpu.filter_rules = gpu.xehp || p->graphics_ver == 8;
	gpu.n_ss = ss;
	gpu.eus = eus / ss;
	gpu.n_slices = slices;
	igt_debug("%s: %u subslices x %u EUs, R %u\n", p->name, ss, gpu.eus, gpu.R);
}

/* ---- report fields ---- */

enum bank_kind { CTR_A, CTR_B, CTR_C };

static unsigned int ctr_k(enum bank_kind kind, unsigned int n)
{
	unsigned int fam = dev.plat->family;

	if (fam & OA_FAM_XEHP)
		return kind == CTR_A ? XE_A(n) : kind == CTR_B ? XE_B(n) : XE_C(n);
	if (fam & (OA_FAM_SNB | OA_FAM_IVB | OA_FAM_HSW))
		return kind == CTR_A ? OA7_A(n) : kind == CTR_B ? OA7_B(n) : OA7_C0 + n;
	return kind == CTR_A ? WL_A(n) : kind == CTR_B ? WL_B(n) : WL_C(n);
}

/* Counter @k of @rep in format @f: false if the layout does not hold it. */
static bool report_ctr(const struct oa_format *f, unsigned int k,
		       const uint32_t *rep, uint64_t *v, unsigned int *width)
{
	unsigned int i;

	if (f->dwords) {
		for (i = 0; i < f->size / 4; i++)
			if (f->dwords[i].kind == OA_DW_COUNTER && f->dwords[i].k == k) {
				*v = rep[i];
				*width = 32;
				return true;
			}
		return false;
	}
	for (i = 0; i < f->n_segs; i++) {
		const struct oa_seg *s = &f->segs[i];

		if (s->kind == OA_SEG_ZERO || k < s->first || k >= s->first + s->count)
			continue;
		*v = oa_report_counter(s, rep, k - s->first);
		*width = s->kind == OA_SEG_U40 ? 40 : s->kind == OA_SEG_U64 ? 64 : 32;
		return true;
	}
	return false;
}

/* A counters of the family's numbering (Gen8-12 A0..A35, Gen12.5 A0..A37). */
static unsigned int n_a(void)
{
	unsigned int fam = dev.plat->family;

	return fam & OA_FAM_XEHP ? 38 : fam & OA_FAM_GEN8 ? 36 : 45;
}

#define N_C 8

/* The platform's format holding the most A and B counters. */
static const struct oa_format *pick_format(void)
{
	const struct oa_format *best = NULL;
	unsigned int best_n = 0, i, n, j;
	static uint32_t zero[256];

	for (i = 0; dev.plat->formats[i]; i++) {
		const struct oa_format *f =
			oa_platform_format_by_id(dev.plat, dev.plat->formats[i]);
		uint64_t v;
		unsigned int w;

		if (!f)
			continue;
		for (n = 0, j = 0; j < n_a() + ACT_N_CEC; j++)
			n += report_ctr(f, j < n_a() ? ctr_k(CTR_A, j) : ctr_k(CTR_B, j - n_a()),
					zero, &v, &w);
		if (n > best_n || (n == best_n && best && f->size < best->size)) {
			best = f;
			best_n = n;
		}
	}
	igt_assert(best);
	return best;
}

static uint64_t wmask(unsigned int w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

/*
 * Expected count N over [0, c) of counter @kind/@n under @pr, or false if it
 * keeps value_k(T) of the linear contract.
 */
static bool activity_count(const struct prog *pr, enum bank_kind kind,
			   unsigned int n, uint64_t c, const uint64_t *cec_now,
			   uint64_t *count)
{
	if (kind == CTR_B) {
		if (n >= bank()->n_cec)
			return false;
		*count = cec_now[n];
		return true;
	}
	if (kind == CTR_C) {
		*count = act_c_count(&gpu, n, c);
		return true;
	}
	if (kind != CTR_A || !has_flex())
		return false;
	if (n >= 7 && n <= 20) {
		*count = act_flex_count(&gpu, act_flex_field(&gpu, pr->ctl, n - 7), c);
		return true;
	}
	return act_fixed_count(&gpu, n, c, count);
}

/* Expected value of a counter (S_k + N) mod 2^W, or value_k(T). */
static uint64_t expected(const struct prog *pr, enum bank_kind kind, unsigned int n,
			 uint64_t T, const uint64_t *cec_now, unsigned int w)
{
	unsigned int k = ctr_k(kind, n);
	uint64_t N;

	if (!activity_count(pr, kind, n, T * gpu.R, cec_now, &N))
		return workload_counter(&dev.wl, k, T, w);
	return (workload_counter(&dev.wl, k, 0, w) + N) & wmask(w);
}

static const char *ctr_name(enum bank_kind kind, unsigned int n, char *buf)
{
	snprintf(buf, 16, "%c%u", "ABC"[kind], n % 100);
	return buf;
}

/*
 * Every A, B and C counter of report @i equals its absolute value under
 * @pr (no start trigger enabled: counting is free since OA enable, and the
 * value is a pure function of T).
 */
static void check_report(const struct prog *pr, const struct oa_capture *c, size_t i)
{
	const unsigned int n_of[3] = { n_a(), ACT_N_CEC, N_C };
	const uint32_t *rep = oa_capture_report(c, i);
	uint64_t T = oa_capture_ts(c, i), cec_now[ACT_N_CEC];
	enum bank_kind kind;
	unsigned int n, w;
	char name[16];
	uint64_t v;

	act_cec_counts(&gpu, &pr->cec, 0, T * gpu.R, cec_now);
	for (kind = CTR_A; kind <= CTR_C; kind++)
		for (n = 0; n < n_of[kind]; n++) {
			uint64_t want;

			if (!report_ctr(c->fmt, ctr_k(kind, n), rep, &v, &w))
				continue;
			want = expected(pr, kind, n, T, cec_now, w);
			igt_assert_f(v == want,
				     "%s %s report %zu at T=%#" PRIx64 ": %s = %#" PRIx64 ", expected %#" PRIx64 " (delta from expected %" PRId64 ")",
				     dev.plat->name, c->fmt->name, i, T, ctr_name(kind, n, name),
				     v, want, (int64_t)(v - want));
		}
	if (has_triggers()) {
		/* Timer reports carry trigger 1's bits (counters.rst RPT_ID). */
		bool fired = !(pr->trig[TRIG_START1] >> 31) && !(pr->trig[TRIG_START2] >> 31);
		bool thr1 = pr->trig[TRIG_REPORT1] & (1u << 23);

		if (rep[0] & (3u << 20))
			return;	/* a trigger report: its own subtest checks it */
		igt_assert_f(!!(rep[0] & (1u << 18)) == fired && !!(rep[0] & (1u << 17)) == thr1,
			     "%s report %zu RPT_ID %#x: bit 18 (start fired) should be %d, bit 17 (threshold enable) %d",
			     dev.plat->name, i, rep[0], fired, thr1);
	}
}

/* ---- stream helpers ---- */

static unsigned int exponent_at_least(unsigned int e)
{
	return e < dev.plat->min_exponent ? dev.plat->min_exponent : e;
}

static int stream_fd = -1;

static void close_stream(void *data)
{
	(void)data;
	if (stream_fd >= 0)
		close(stream_fd);
	stream_fd = -1;
}

/*
 * Open a stream with metric set @id (timer exponent @e), capture @want reports within @timeout_ms, close it; returns the
 * PRM violations the device counted meanwhile.
 */
static uint32_t capture(uint64_t id, unsigned int e, size_t want, int timeout_ms,
			struct oa_capture *c, uint64_t *ts_before)
{
	const struct oa_format *f = pick_format();
	uint32_t viol = vgpu_read(&dev, VGPU_VIOLATIONS);
	struct oa_open o;
	int fd;

	memset(&o, 0, sizeof(o));
	oa_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA, 1);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_METRICS_SET, id);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT, f->uapi_id);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, e);
	fd = oa_open(dev.drm_fd, &o);
	stream_fd = fd;
	igt_push_cleanup(close_stream, NULL);
	if (ts_before)
		*ts_before = o.ts_ref;
	oa_capture_init(c, f, &o);
	oa_capture_until(fd, c, want, timeout_ms);
	close_stream(NULL);
	igt_assert_f(c->n >= want, "%s: %zu of %zu reports within %d ms", dev.plat->name,
		     c->n, want, timeout_ms);
	igt_assert_f(!c->n_report_lost && !c->n_buffer_lost, "reports lost");
	return vgpu_read(&dev, VGPU_VIOLATIONS) - viol;
}

static void begin(void)
{
	set_workload(VGPU_WORKLOAD_ACTIVITY);
	read_topology();
}

/* ---- flex ---- */

/* counters.rst example 1, in the generation's field layout. */
static void example1(struct prog *pr)
{
	memset(pr, 0, sizeof(*pr));
	if (gpu.xehp) {
		pr->ctl[0] = ACT_XEHP_CTL(0x0000, 0x00e1);	/* A7 ALU0; A8 ALU1, Row = 0 */
		pr->ctl[1] = ACT_XEHP_CTL(0x0a02, 0x1405);	/* A9 SEND, send start; A10 STALL, EU# 3 */
		pr->ctl[2] = ACT_XEHP_CTL(0x00a3, 0x0008);	/* A11 ALU0&ALU1 with PS: unsupported; A12 occupancy */
	} else {
		pr->ctl[0] = 0x00071000;
		pr->ctl[1] = 0x00a05502;
		pr->ctl[2] = 0x00008053;
	}
}

static void check_all(const struct prog *pr, const struct oa_capture *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		check_report(pr, c, i);
}

static void require_flex(void)
{
	igt_require_f(has_flex(), "%s: no flex EU counters before Gen8 (gen6-gen7.rst)\n",
		      dev.plat->name);
}

/*
 * Expect exactly one violation @code from one OA enable with one offending
 * field.
 */
static void assert_one_violation(const char *subtest, uint32_t got, uint32_t code)
{
	FILE *f;

	igt_assert_f(got == 1, "%s: %u PRM violations counted at OA enable, expected 1 (code %u)",
		     dev.plat->name, got, code);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_LAST_VIOLATION), code);
	/* oa_prm, run last, tells this one from the driver's by the ledger */
	f = fopen(OA_EXPECTED_VIOLATIONS_FILE, "a");
	if (f) {
		fprintf(f, "oa_counters@%s %u\n", subtest, code);
		fclose(f);
	} else {
		igt_warn("cannot record the deliberate violation in %s: %s\n",
			 OA_EXPECTED_VIOLATIONS_FILE, strerror(errno));
	}
}

static void test_flex_example(void)
{
	struct oa_capture c;
	struct prog pr;
	uint64_t id;
	uint32_t viol;
	unsigned int i;

	require_flex();
	begin();
	example1(&pr);
	/* Every counter of the example distinct on this topology. */
	for (i = 0; i < ACT_N_FLEX; i++)
		igt_debug("A%u per 2^20 busy cycles: %" PRIu64 "\n", 7 + i,
			  act_flex_count(&gpu, act_flex_field(&gpu, pr.ctl, i), 1u << 20));
	id = add_prog(&pr, 1);
	viol = capture(id, exponent_at_least(14), 10, 3000, &c, NULL);
	check_all(&pr, &c);
	/* A11's coarse PS with event 0011: a rule of Gen8 and Gen12.5 only */
	if (gpu.filter_rules)
		assert_one_violation("flex-example", viol, ACT_VIOL_FLEX_UNSUPPORTED);
	else
		igt_assert_f(viol == 0, "%s: %u violations for the example, which breaks no rule here",
			     dev.plat->name, viol);
	igt_info("%s: %zu reports, A7..A20 and fixed-function A counters exact\n",
		 dev.plat->name, c.n);
	oa_capture_fini(&c);
}

static void test_flex_gen125(void)
{
	static const uint32_t ctl[ACT_N_FLEX_CTL] = {
		ACT_XEHP_CTL(0x0006, 0x0007),	/* A7 FP16, A8 FP32 */
		ACT_XEHP_CTL(0x000c, 0x000d),	/* A9 INT16, A10 INT32 */
		ACT_XEHP_CTL(0x000e, 0x000f),	/* A11 SYSTOLIC BF16, A12 SYSTOLIC INT8 */
		ACT_XEHP_CTL(0x0010, 0x0012),	/* A13 MATH, A14 SYSTOLIC FP16 */
		ACT_XEHP_CTL(0x0009, 0x000a),	/* A15 SYSTOLIC, A16 ALU0 and SYSTOLIC */
		ACT_XEHP_CTL(0x0011, 0x0004),	/* A17 CONTROL, A18 EU_ACTIVE_CYCLES */
		ACT_XEHP_CTL(0x001f, 0x01c1),	/* A19 HW default (0), A20 ALU1 on RT miss EUs */
	};
	struct oa_capture c;
	struct prog pr;
	uint64_t id, per[ACT_N_FLEX];
	unsigned int i, j;

	igt_require_f(dev.plat->family & OA_FAM_XEHP,
		      "%s: the systolic, control and type events are Gen12.5's (seed 002)\n",
		      dev.plat->name);
	begin();
	memset(&pr, 0, sizeof(pr));
	memcpy(pr.ctl, ctl, sizeof(ctl));
	for (i = 0; i < ACT_N_FLEX; i++) {
		per[i] = act_flex_count(&gpu, act_flex_field(&gpu, ctl, i), 32);
		for (j = 0; j < i; j++)
			igt_assert_f(per[i] != per[j], "A%u and A%u both count %" PRIu64 " per period",
				     7 + j, 7 + i, per[i]);
	}
	id = add_prog(&pr, 2);
	igt_assert_eq_u32(capture(id, exponent_at_least(14), 10, 3000, &c, NULL), 0);
	check_all(&pr, &c);
	oa_capture_fini(&c);
}

static void test_unsupported_filter(void)
{
	struct oa_capture c;
	struct prog pr;
	uint64_t id;
	uint32_t viol;
	size_t i;

	require_flex();
	begin();
	memset(&pr, 0, sizeof(pr));
	/*
	 * A7: "FPU0 and FPU1" with coarse PS, which that event does not
	 * support on Gen8 (000:657-663) and Gen12.5 (002:2035): counts 0.
	 * A8 and the rest: supported. Gen9-12 have no such rule (Intel's
	 * metric sets program it): A7 counts the PS EUs' cycles, and no
	 * violation.
	 */
	if (gpu.xehp) {
		pr.ctl[0] = ACT_XEHP_CTL(0x00a3, 0x0001);
		pr.ctl[1] = ACT_XEHP_CTL(0x0004, 0x0005);
	} else {
		pr.ctl[0] = 0x00001053;
		pr.ctl[1] = 0x00005004;
	}
	if (!gpu.filter_rules) {
		igt_assert_eq(act_flex_check(&gpu, act_flex_field(&gpu, pr.ctl, 0)),
			      ACT_FLEX_OK);
		id = add_prog(&pr, 3);
		viol = capture(id, exponent_at_least(14), 6, 3000, &c, NULL);
		igt_assert_f(viol == 0, "%u violations for a filter %s has no rule against",
			     viol, dev.plat->name);
		check_all(&pr, &c);
		oa_capture_fini(&c);
		return;
	}
	igt_assert_eq(act_flex_check(&gpu, act_flex_field(&gpu, pr.ctl, 0)),
		      ACT_FLEX_UNSUPPORTED);
	id = add_prog(&pr, 3);
	viol = capture(id, exponent_at_least(14), 6, 3000, &c, NULL);
	assert_one_violation("unsupported-filter", viol, ACT_VIOL_FLEX_UNSUPPORTED);
	for (i = 0; i + 1 < c.n; i++) {
		uint64_t a, b;
		unsigned int w;

		igt_assert(report_ctr(c.fmt, ctr_k(CTR_A, 7), oa_capture_report(&c, i), &a, &w));
		igt_assert(report_ctr(c.fmt, ctr_k(CTR_A, 7), oa_capture_report(&c, i + 1), &b, &w));
		igt_assert_f(a == b, "A7 (unsupported filter) moved by %" PRIu64 " between reports %zu and %zu",
			     (b - a) & wmask(w), i, i + 1);
	}
	check_all(&pr, &c);
	oa_capture_fini(&c);
}

/* ---- fixed-function relationships ---- */

static uint64_t a_delta(const struct oa_capture *c, size_t i, unsigned int n)
{
	uint64_t a, b;
	unsigned int w;

	igt_assert(report_ctr(c->fmt, ctr_k(CTR_A, n), oa_capture_report(c, i), &a, &w));
	igt_assert(report_ctr(c->fmt, ctr_k(CTR_A, n), oa_capture_report(c, i + 1), &b, &w));
	return (b - a) & wmask(w);
}

/*
 * flex-off: Intel's Gen11-12 sets (Mesa 22.3.6 oa-icl.xml .. oa-tglgt2.xml
 * RenderBasic, ComputeBasic, TestOa) turn the unused EU_PERF_CNT_CTL6 off
 * with 0xffffffff. Gen9-12 count 0 in A19 and A20 with no violation
 * (counters.rst reading 28), as Gen12.5 does for the same value (event
 * 0b11111 twice); Broadwell's event table (seed 000) has no 0b1111, so
 * there it is two reserved encodings.
 */
static void test_flex_off(void)
{
	struct oa_capture c;
	struct prog pr;
	uint64_t id;
	uint32_t viol, want_viol;
	unsigned int k;
	size_t i;

	require_flex();
	begin();
	memset(&pr, 0, sizeof(pr));
	pr.ctl[0] = gpu.xehp ? ACT_XEHP_CTL(0x0004, 0x0005) : 0x00005004;
	pr.ctl[6] = 0xffffffff;
	want_viol = !gpu.xehp && gpu.filter_rules ? 2 : 0;
	for (k = 12; k < ACT_N_FLEX; k++)
		igt_assert_eq(act_flex_check(&gpu, act_flex_field(&gpu, pr.ctl, k)),
			      want_viol ? ACT_FLEX_RESERVED : ACT_FLEX_DEFAULT);
	id = add_prog(&pr, 9);
	viol = capture(id, exponent_at_least(14), 6, 3000, &c, NULL);
	if (want_viol) {
		FILE *f = fopen(OA_EXPECTED_VIOLATIONS_FILE, "a");

		igt_assert_f(f, "cannot record the deliberate violations in %s: %s",
			     OA_EXPECTED_VIOLATIONS_FILE, strerror(errno));
		for (k = 0; k < want_viol; k++)
			fprintf(f, "oa_counters@flex-off %u\n", ACT_VIOL_FLEX_RESERVED);
		fclose(f);
		igt_assert_eq_u32(vgpu_read(&dev, VGPU_LAST_VIOLATION), ACT_VIOL_FLEX_RESERVED);
	}
	igt_assert_f(viol == want_viol, "%s: %u PRM violations for EU_PERF_CNT_CTL6 = 0xffffffff, expected %u",
		     dev.plat->name, viol, want_viol);
	for (i = 0; i + 1 < c.n; i++)
		for (k = 19; k <= 20; k++) {
			uint64_t a, b;
			unsigned int w;

			igt_assert(report_ctr(c.fmt, ctr_k(CTR_A, k), oa_capture_report(&c, i), &a, &w));
			igt_assert(report_ctr(c.fmt, ctr_k(CTR_A, k), oa_capture_report(&c, i + 1), &b, &w));
			igt_assert_f(a == b, "A%u (off) moved by %" PRIu64 " between reports %zu and %zu",
				     k, (b - a) & wmask(w), i, i + 1);
		}
	check_all(&pr, &c);
	igt_info("%s: EU_PERF_CNT_CTL6 = 0xffffffff: A19, A20 hold, %u violations\n",
		 dev.plat->name, viol);
	oa_capture_fini(&c);
}

/* Whether every B and C counter of report @i is value_k(@T). */
static bool bc_at(const struct oa_capture *c, size_t i, uint64_t T)
{
	const uint32_t *rep = oa_capture_report(c, i);
	enum bank_kind kind;
	unsigned int n, w;
	uint64_t v;

	for (kind = CTR_B; kind <= CTR_C; kind++)
		for (n = 0; n < 8; n++)
			if (report_ctr(c->fmt, ctr_k(kind, n), rep, &v, &w) &&
			    v != workload_counter(&dev.wl, ctr_k(kind, n), T, w))
				return false;
	return true;
}

static void noa_write(volatile uint32_t *mmio, uint32_t addr, uint32_t val, bool on)
{
	mmio[addr / 4] = on ? mmio[addr / 4] | val : mmio[addr / 4] & ~val;
}

/*
 * noa-power: the B and C counters count signals of the NOA network, which
 * a metric set powers (vgpu-contract.rst "NOA power"). Under the linear
 * workload, on a stream of the suite's set (which powers it): reports
 * follow value_k(T); root switches the network off through BAR0 (the
 * driver holds the GT forcewake for the stream) and every B and C counter
 * of the next reports holds value_k(T_off), one T_off between the last
 * report before and the first after, while A0 goes on; switched on, the
 * reports follow value_k(T) again. Closing the stream switches it off
 * (i915, xe): a set that does not power it then reads B and C standing
 * still at their values of the close.
 */
static void test_noa_power(void)
{
	const struct oa_format *f = pick_format();
	uint32_t addr, val, mux[] = { 0x9888, 0x166c01e0 };
	struct drm_i915_perf_oa_config cfg = {
		.uuid = "c0c0c0c0-0a0a-4abc-8def-00000000e0e0",
		.n_mux_regs = 1, .mux_regs_ptr = (uintptr_t)mux,
	};
	unsigned int e = exponent_at_least(14), state = 0, n_frozen = 0;
	volatile uint32_t *mmio;
	uint64_t T_off = 0, T_last, id, t;
	struct oa_capture c;
	struct oa_open o;
	size_t i;
	int fd;

	igt_require_f(oa_platform_noa_power(dev.plat, &addr, &val),
		      "%s: no NOA power switch before Haswell\n", dev.plat->name);
	oa_require_vgpu(&dev);
	mmio = oa_map_bar0(&dev, 0x10000, true);

	oa_open_periodic(&dev, &o, f, e);
	fd = oa_open(dev.drm_fd, &o);
	igt_assert_f(mmio[addr / 4] & val, "%s: the suite's set left 0x%x = 0x%08x: NOA off",
		     dev.plat->name, addr, mmio[addr / 4]);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 4, 3000);
	/* each state for 20 ms: several reports at 2^15 ticks */
	noa_write(mmio, addr, val, false);
	usleep(20000);
	oa_capture_until(fd, &c, c.n + 2, 3000);
	noa_write(mmio, addr, val, true);
	usleep(20000);
	oa_capture_until(fd, &c, c.n + 4, 3000);
	close(fd);
	/*
	 * Not read back now: with no stream the driver lets the GT sleep,
	 * and a register of a sleeping domain reads 0 (violation 29). The
	 * set without the power write below shows the network off.
	 */
	igt_assert_lte(10, c.n);

	/* on, off (one T_off), on: in that order, each at least once */
	for (i = 0; i < c.n; i++) {
		uint64_t T = oa_capture_ts(&c, i);

		if (bc_at(&c, i, T)) {
			igt_assert_f(state != 1 || n_frozen, "report %zu", i);
			state = state == 1 ? 2 : state;
			continue;
		}
		igt_assert_f(state <= 1 && i > 0,
			     "%s: report %zu at T=%#" PRIx64 ": B and C neither value_k(T) nor held",
			     dev.plat->name, i, T);
		if (state == 0) {
			uint64_t lo = oa_capture_ts(&c, i - 1);

			for (t = lo + 1; t <= T && !bc_at(&c, i, t); t++)
				;
			igt_assert_f(t <= T, "%s: report %zu: B and C are not value_k of any T in (%#" PRIx64 ", %#" PRIx64 "]",
				     dev.plat->name, i, lo, T);
			T_off = t;
			state = 1;
		}
		igt_assert_f(bc_at(&c, i, T_off), "%s: report %zu: B and C moved while NOA was off",
			     dev.plat->name, i);
		n_frozen++;
	}
	igt_assert_f(state == 2 && n_frozen, "%s: no report with the network off (%u held)",
		     dev.plat->name, n_frozen);
	T_last = oa_capture_ts(&c, c.n - 1);
	oa_capture_fini(&c);

	/* a set without the power write: nothing powers the network */
	id = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	igt_assert_f((int64_t)id > 0, "ADD_CONFIG failed: %s", strerror(errno));
	oa_open_periodic(&dev, &o, f, e);
	o.props[3] = id;
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 4, 3000);
	close(fd);
	igt_assert_eq(ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &id), 0);
	igt_assert_lte(3, c.n);
	/* held since the first stream's end, after its last report */
	for (t = T_last; t < oa_capture_ts(&c, 0) && !bc_at(&c, 0, t); t++)
		;
	T_last = t;
	for (i = 0; i < c.n; i++)
		igt_assert_f(bc_at(&c, i, T_last) && !bc_at(&c, i, oa_capture_ts(&c, i)),
			     "%s: report %zu: B and C count without the NOA power", dev.plat->name, i);
	munmap((void *)mmio, 0x10000);
	igt_info("%s: B and C held over %u reports with NOA off (T_off %#" PRIx64 ")\n",
		 dev.plat->name, n_frozen, T_off);
	oa_capture_fini(&c);
}

static void test_fixed_relationships(void)
{
	/* Counters that keep value_k(T) on this generation are not activity. */
	static const unsigned int activity_a[] = {
		0, 1, 2, 3, 4, 5, 6, 21, 22, 23, 25, 26, 27, 28, 29, 30, 31, 32, 34,
		35, 36, 37,
	};
	unsigned int slm_atomics, idle_pairs = 0, k;
	struct oa_capture c;
	struct prog pr;
	uint64_t id;
	size_t i;

	require_flex();
	begin();
	example1(&pr);
	pr.ctl[2] = 0;		/* no violation here */
	id = add_prog(&pr, 4);
	/* 8 reports per 2^20-tick slice, 5 slices: one idle slice inside. */
	igt_assert_eq_u32(capture(id, 16, 41, 5000, &c, NULL), 0);
	/* counters.rst: two SLM atomics per period per slice */
	slm_atomics = 2 * gpu.n_slices;
	for (i = 0; i + 1 < c.n; i++) {
		uint64_t T0 = oa_capture_ts(&c, i), T1 = oa_capture_ts(&c, i + 1);
		uint64_t periods = act_busy(&gpu, T1 * gpu.R) / 32 -
				   act_busy(&gpu, T0 * gpu.R) / 32;
		uint64_t a21 = a_delta(&c, i, 21), a22 = a_delta(&c, i, 22);
		uint64_t a23 = a_delta(&c, i, 23), a26 = a_delta(&c, i, 26);
		uint64_t a25 = gpu.xehp ? 0 : a_delta(&c, i, 25);

		igt_assert_f(a22 + a23 + a25 <= a21, "pair %zu: A22+A23+A25 %" PRIu64 " > A21 %" PRIu64,
			     i, a22 + a23 + a25, a21);
		if (!gpu.xehp)
			igt_assert_f(a26 == a21 - a22 - a23 - a25,
				     "pair %zu: A26 %" PRIu64 " != A21-A22-A23-A25 %" PRIu64,
				     i, a26, a21 - a22 - a23 - a25);
		igt_assert_f(a_delta(&c, i, 27) <= a26, "pair %zu: A27 > A26", i);
		igt_assert_f(a_delta(&c, i, 29) <= a_delta(&c, i, 28),
			     "pair %zu: A29 (sampler L1 misses) > A28 (requests)", i);
		/* the L3 serves one 64-byte line per clock per slice */
		igt_assert_f(a_delta(&c, i, 29) <= 32 * gpu.n_slices * periods &&
			     a_delta(&c, i, 30) + a_delta(&c, i, 31) +
			     (gpu.xehp ? 0 : a_delta(&c, i, 32)) <= 32 * gpu.n_slices * periods,
			     "pair %zu: more L3 lines than %u slices serve in %" PRIu64 " periods",
			     i, gpu.n_slices, periods);
		igt_assert_f(a_delta(&c, i, 30) >= slm_atomics * periods &&
			     a_delta(&c, i, 31) >= slm_atomics * periods &&
			     a_delta(&c, i, 34) >= slm_atomics * periods,
			     "pair %zu: A30/A31/A34 below the %" PRIu64 " SLM atomics", i,
			     slm_atomics * periods);
		if (gpu.xehp)
			igt_assert_f(a_delta(&c, i, 37) <= a_delta(&c, i, 36),
				     "pair %zu: A37 (writes) > A36 (reads)", i);
		if ((T0 >> OA_SLICE_SHIFT) % 4 == 3 && (T1 >> OA_SLICE_SHIFT) == (T0 >> OA_SLICE_SHIFT)) {
			idle_pairs++;
			for (k = 0; k < ARRAY_SIZE(activity_a); k++) {
				uint64_t x;

				if (!act_fixed_count(&gpu, activity_a[k], 0, &x))
					continue;
				igt_assert_f(a_delta(&c, i, activity_a[k]) == 0,
					     "A%u advanced inside idle slice %" PRIu64,
					     activity_a[k], T0 >> OA_SLICE_SHIFT);
			}
			for (k = 0; k < ACT_N_FLEX; k++)
				igt_assert_f(a_delta(&c, i, 7 + k) == 0,
					     "A%u advanced inside an idle slice", 7 + k);
		}
	}
	igt_assert_f(idle_pairs, "no report pair inside an idle slice among %zu reports", c.n);
	check_all(&pr, &c);
	oa_capture_fini(&c);
}

/* ---- CEC ---- */

/* counters.rst example 2 (the CEC part); the trigger is report-trigger's. */
static void example2(struct prog *pr)
{
	static const struct act_cec cec = {
		.r0 = { 0x00100042, 0x00100002, 0x00101003, 0x0000008a, 0x00080022 },
		.r1 = { 0x0000fff7, 0x0000ffcf, 0x0000f0ff, 0x0001ffee, 0x0000fffb },
	};

	memset(pr, 0, sizeof(*pr));
	pr->cec = cec;
}

static void test_cec_example(void)
{
	struct oa_capture c;
	struct prog pr;
	unsigned int n;
	uint64_t id;

	begin();
	example2(&pr);
	/* Blocks a generation lacks (B4..B7 before Haswell) stay at S_k. */
	for (n = bank()->n_cec; n < ACT_N_CEC; n++)
		pr.cec.r0[n] = pr.cec.r1[n] = 0;
	id = add_prog(&pr, 5);
	igt_assert_eq_u32(capture(id, exponent_at_least(14), 8, 3000, &c, NULL), 0);
	check_all(&pr, &c);
	oa_capture_fini(&c);
}

static uint64_t b_delta(const struct oa_capture *c, size_t i, size_t j, unsigned int n)
{
	uint64_t a, b;
	unsigned int w;

	igt_assert(report_ctr(c->fmt, ctr_k(CTR_B, n), oa_capture_report(c, i), &a, &w));
	igt_assert(report_ctr(c->fmt, ctr_k(CTR_B, n), oa_capture_report(c, j), &b, &w));
	return (b - a) & wmask(w);
}

/*
 * i915's "Test OA" metric set (i915_oa_*.c, the boolean part; Gen12 moves
 * it to the OAG block): IGT expects B0 = 0, B1 = B2 = GPU clocks,
 * B3 = clocks / 2, B4 = B5 = clocks / 3, B6 = clocks / 6, B7 = 2/3 clocks,
 * and every A and C counter to advance by at most clocks x EUs
 * (gen8_sanity_check_test_oa_reports() in IGT's tests/i915/perf.c).
 * Its start triggers (threshold 0 on a constant-1 condition) fire on the
 * enable cycle (counters.rst reading 19), so the relationships hold from
 * the very first report pair, as upstream IGT checks them, and between
 * any two reports, context-switch reports included.
 */
static const struct act_cec test_oa_cec = {
	.r0 = { 0x4, 0x3, 0x7, 0x00100002, 0x00100002, 0x00100082,
		0x001000c2, 0x00100001 },
	.r1 = { 0x0, 0x0, 0x0, 0xfff7, 0xffcf, 0xffef, 0xffe7, 0xffe7 },
};

static uint64_t ticks_to_ms(uint64_t ticks)
{
	return ticks * 1000 / dev.plat->timestamp_hz;
}

/* Checks every pair of @c; returns the pairs ending in a switch-only report. */
static unsigned int check_test_oa_pairs(const struct prog *pr, const struct oa_capture *c)
{
	const uint64_t n_eus = (uint64_t)gpu.n_ss * gpu.eus;
	unsigned int n, w, switch_only = 0;
	uint64_t a0, a1;
	size_t i;

	for (i = 0; i + 1 < c->n; i++) {
		uint64_t T0 = oa_capture_ts(c, i), T1 = oa_capture_ts(c, i + 1);
		uint64_t clocks = (T1 - T0) * gpu.R, want[ACT_N_CEC];
		uint64_t closed[ACT_N_CEC] = {
			0, clocks, clocks, clocks / 2, clocks / 3, clocks / 3, clocks / 6,
			clocks * 2 / 3,
		};
		const uint32_t *r1 = oa_capture_report(c, i + 1);
		static const enum bank_kind bounded[] = { CTR_A, CTR_C };
		unsigned int k;

		if (has_triggers())
			igt_assert_f(oa_capture_report(c, i)[0] & (1u << 18),
				     "report %zu: RPT_ID bit 18 clear, the start trigger has not fired", i);
		act_cec_counts(&gpu, &pr->cec, T0 * gpu.R, T1 * gpu.R, want);
		for (n = 0; n < bank()->n_cec; n++) {
			uint64_t got = b_delta(c, i, i + 1, n);

			igt_assert_f(got == (want[n] & 0xffffffffu),
				     "Test OA B%u over T %#" PRIx64 "..%#" PRIx64 ": %" PRIu64 ", expected %" PRIu64,
				     n, T0, T1, got, want[n]);
			/* IGT's ratios hold exactly when the cycles are a multiple of 6. */
			if (clocks % 6 == 0)
				igt_assert_f(want[n] == closed[n], "B%u: model %" PRIu64 " vs IGT's %" PRIu64,
					     n, want[n], closed[n]);
		}
		for (k = 0; k < 2; k++)
			for (n = 0; n < (bounded[k] == CTR_A ? n_a() : N_C); n++) {
				unsigned int ck = ctr_k(bounded[k], n);

				if (!report_ctr(c->fmt, ck, oa_capture_report(c, i), &a0, &w) ||
				    !report_ctr(c->fmt, ck, r1, &a1, &w))
					continue;
				igt_assert_f(((a1 - a0) & wmask(w)) <= clocks * n_eus,
					     "Test OA %c%u over T %#" PRIx64 "..%#" PRIx64 ": delta %" PRIu64 " above IGT's bound, %" PRIu64 " clocks x %" PRIu64 " EUs",
					     bounded[k] == CTR_A ? 'A' : 'C', n, T0, T1,
					     (a1 - a0) & wmask(w), clocks, n_eus);
			}
		switch_only += oa_report_reason(dev.plat, r1) == OA_REASON_CTX_SWITCH;
	}
	return switch_only;
}

static void test_cec_test_oa(void)
{
	struct oa_capture c;
	unsigned int switch_only;
	struct prog pr;
	uint64_t id;

	begin();
	memset(&pr, 0, sizeof(pr));
	pr.cec = test_oa_cec;
	if (has_triggers()) {
		pr.trig[TRIG_REPORT1] = 0x00800000;
		pr.trig[TRIG_START1] = 0xf0800000;
		pr.trig[TRIG_START2] = 0xf0800000;
	}
	id = add_prog(&pr, 6);
	igt_assert_eq_u32(capture(id, exponent_at_least(12), 8, 3000, &c, NULL), 0);
	igt_assert_f(c.n >= 8, "only %zu reports", c.n);
	check_test_oa_pairs(&pr, &c);
	oa_capture_fini(&c);
	if (!dev.plat->ctx_switch_reports)
		return;
	/*
	 * Exponent 20: timer ticks every second 2^20-tick slice boundary,
	 * so the boundaries between them get context-switch-only reports.
	 */
	igt_assert_eq_u32(capture(id, 20, 6, (int)ticks_to_ms(8 * OA_SLICE_TICKS) + 3000,
				  &c, NULL), 0);
	switch_only = check_test_oa_pairs(&pr, &c);
	igt_info("exponent 20: %zu reports, %u pairs ending in a context-switch-only report\n",
		 c.n, switch_only);
	igt_assert_f(switch_only >= 1, "no context-switch-only report among %zu", c.n);
	oa_capture_fini(&c);
}

/* ---- triggers ---- */

static void require_triggers(void)
{
	igt_require_f(has_triggers(), "%s: no start/report triggers before Haswell\n",
		      dev.plat->name);
}

/*
 * counters.rst example 2's report trigger: 50000 odd cycles, i.e. a fire
 * every 100000 cycles whatever the enable phase. Fire j after the first
 * lies 100000 * j cycles later, so its report is floor(100000 * j / R) or
 * one more ticks after the first trigger report (exactly 2000 * j at
 * R = 50, where B0 also advances by exactly 50000 * j).
 */
#define TRIG_THRESHOLD	50000u
#define TRIG_CYCLES	(2ull * TRIG_THRESHOLD)

static void test_report_trigger(void)
{
	struct oa_capture c;
	struct prog pr;
	uint64_t id, first_T = 0, odd[ACT_N_CEC];
	size_t i, first = 0, j = 0;

	require_triggers();
	begin();
	example2(&pr);
	pr.thr[TRIG_REPORT1] = TRIG_THRESHOLD;
	pr.trig[TRIG_REPORT1] = 0x80800001;
	id = add_prog(&pr, 7);
	/*
	 * A blocking read needs the OA timer (i915): one of 2^25 ticks, whose
	 * reports are rare and told apart by their reason.
	 */
	igt_assert_eq_u32(capture(id, 24, 12, 3000, &c, NULL), 0);
	for (i = 0; i < c.n; i++) {
		const uint32_t *rep = oa_capture_report(&c, i);
		uint64_t T = oa_capture_ts(&c, i), lo;

		if (!(rep[0] & (1u << 20))) {
			igt_assert_f(!(rep[0] & (1u << 21)), "report %zu: trigger 2 fired", i);
			continue;
		}
		igt_assert_f((rep[0] & (3u << 17)) == (3u << 17),
			     "trigger report %zu RPT_ID %#x: bits 17 (threshold enable) and 18 (start fired) must be set",
			     i, rep[0]);
		if (!j++) {
			first = i;
			first_T = T;
			continue;
		}
		lo = TRIG_CYCLES * (j - 1) / gpu.R;
		igt_assert_f(T - first_T == lo || T - first_T == lo + 1,
			     "trigger report %zu at T %#" PRIx64 ", %" PRIu64 " ticks after the first trigger report (%zu), expected %" PRIu64 "%s (R %u)",
			     i, T, T - first_T, first, lo,
			     TRIG_CYCLES * (j - 1) % gpu.R ? " or one more" : "", gpu.R);
		/*
		 * A report shows the counts up to c(T) = T * R, not up to the
		 * fire: B0 is the odd cycles of [R * T_first, R * T), exactly
		 * 50000 * j where R divides 100000 (counters.rst's R = 50).
		 */
		act_cec_counts(&gpu, &pr.cec, first_T * gpu.R, T * gpu.R, odd);
		if (TRIG_CYCLES % gpu.R == 0)
			igt_assert_eq_u64(odd[0], (uint64_t)TRIG_THRESHOLD * (j - 1));
		igt_assert_f(b_delta(&c, first, i, 0) == odd[0],
			     "B0 (odd cycles) advanced %" PRIu64 " from T %#" PRIx64 " to %#" PRIx64 ", expected %" PRIu64,
			     b_delta(&c, first, i, 0), first_T, T, odd[0]);
	}
	igt_assert_f(j >= 8, "%zu trigger reports among %zu", j, c.n);
	check_all(&pr, &c);
	oa_capture_fini(&c);
}

/*
 * Start trigger 1 on "BUSY == 0" without threshold fires on the first cycle
 * of the next idle slice: every counter holds until then, RPT_ID bit 18
 * stays clear, and from there counting resumes with the formula's deltas.
 */
static void test_start_trigger(void)
{
	const unsigned int n_of[3] = { n_a(), ACT_N_CEC, N_C };
	unsigned int e = 16, n, w, after = 0, attempt;
	uint64_t id, ref, T_fire, open_ticks = 0;
	struct oa_capture c;
	struct prog pr;
	size_t i;

	require_triggers();
	begin();
	memset(&pr, 0, sizeof(pr));
	pr.cec.r0[0] = 0x00100002;	/* internal bus, BUSY == 0 */
	pr.cec.r1[0] = 0x0000fffd;
	pr.cec.r0[1] = 0x7;		/* always */
	pr.trig[TRIG_START1] = 0x80000001;
	id = add_prog(&pr, 8);

	/*
	 * OA enable lies in (T_first - period, T_first] (no earlier timer
	 * report). When that window is inside the busy part of one 4-slice
	 * cycle, the trigger fires exactly where its idle slice begins;
	 * otherwise try again. The open takes its own time (a debug kernel
	 * 0.1 s and more, as much as a whole cycle), so each attempt starts
	 * where the enable, as late as the last open made it, falls in the
	 * middle of slice 1: a fixed wait would repeat the same miss.
	 */
	for (attempt = 0;; attempt++) {
		const uint64_t cycle = 4 * OA_SLICE_TICKS, aim = 3 * OA_SLICE_TICKS / 2;
		uint64_t first, s0, s1;

		igt_assert_eq(oa_read_timestamp(dev.drm_fd, &ref), 0);
		oa_sleep_ms(ticks_to_ms((aim + cycle - (ref + open_ticks) % cycle) % cycle));
		igt_assert_eq(oa_read_timestamp(dev.drm_fd, &ref), 0);
		/* Four slices and two periods hold the fire and a busy slice after. */
		igt_assert_eq_u32(capture(id, e, 4 * (OA_SLICE_TICKS / oa_period_ticks(e)) + 2,
					  (int)ticks_to_ms(5 * OA_SLICE_TICKS) + 3000, &c, NULL), 0);
		first = oa_capture_ts(&c, 0);
		open_ticks = first - ref;
		s0 = (first - oa_period_ticks(e) + 1) >> OA_SLICE_SHIFT;
		s1 = first >> OA_SLICE_SHIFT;
		if (s0 % 4 != 3 && s1 % 4 != 3 && s0 / 4 == s1 / 4) {
			T_fire = (s1 / 4 * 4 + 3) << OA_SLICE_SHIFT;
			break;
		}
		igt_assert_f(attempt < 3, "OA enable never fell inside a busy slice run (first report T %#" PRIx64 ", %" PRIu64 " ticks after the open began)",
			     first, open_ticks);
		oa_capture_fini(&c);
	}
	for (i = 0; i + 1 < c.n; i++) {
		const uint32_t *r0 = oa_capture_report(&c, i), *r1 = oa_capture_report(&c, i + 1);
		uint64_t T0 = oa_capture_ts(&c, i), T1 = oa_capture_ts(&c, i + 1);
		uint64_t from = T0 > T_fire ? T0 : T_fire, b0[ACT_N_CEC], b1[ACT_N_CEC];
		enum bank_kind kind;

		igt_assert_f(!!(r0[0] & (1u << 18)) == (T0 > T_fire),
			     "report at T %#" PRIx64 " (start fires at %#" PRIx64 "): RPT_ID %#x",
			     T0, T_fire, r0[0]);
		act_cec_counts(&gpu, &pr.cec, 0, from * gpu.R, b0);
		act_cec_counts(&gpu, &pr.cec, 0, T1 * gpu.R, b1);
		for (kind = CTR_A; kind <= CTR_C; kind++)
			for (n = 0; n < n_of[kind]; n++) {
				uint64_t v0, v1, want = 0;
				char name[16];

				if (!report_ctr(c.fmt, ctr_k(kind, n), r0, &v0, &w))
					continue;
				igt_assert(report_ctr(c.fmt, ctr_k(kind, n), r1, &v1, &w));
				if (T1 > T_fire)
					want = expected(&pr, kind, n, T1, b1, w) -
					       expected(&pr, kind, n, from, b0, w);
				igt_assert_f(((v1 - v0) & wmask(w)) == (want & wmask(w)),
					     "%s from T %#" PRIx64 " to %#" PRIx64 " (start fires at %#" PRIx64 "): moved %" PRIu64 ", expected %" PRIu64,
					     ctr_name(kind, n, name), T0, T1, T_fire,
					     (v1 - v0) & wmask(w), want & wmask(w));
			}
		after += T0 > T_fire;
	}
	igt_assert_f(after >= 2, "only %u report pairs after the start trigger", after);
	oa_capture_fini(&c);
}

/* ---- configuration-level checks ---- */

static bool metrics_dir_exists(const char *uuid)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "%s/metrics/%.36s", dev.sysfs, uuid);
	return stat(path, &st) == 0;
}

/*
 * add-config-rejected-registers (oa_config) refuses every register outside
 * the whitelist one at a time. Here: the complete counters.rst programming
 * of the generation is accepted as one metric set, and the same set with
 * one register past the last flex control (or, before Gen8, past the last
 * CEC) is refused whole: no sysfs entry, nothing reaches the device.
 */
static void test_whitelist_refused(void)
{
	struct reglist l;
	struct prog pr;
	uint32_t viol;
	char uuid[36];
	int ret;

	example1(&pr);
	pr.cec = (struct act_cec){ .r0 = { 0x00100042 }, .r1 = { 0x0000fff7 } };
	pr.thr[TRIG_REPORT1] = 0xc350;
	regs_of(&pr, &l);
	uuid_for(uuid, 9);
	ret = add_config_regs(uuid, l.b, l.n_b, l.flex, l.n_flex);
	igt_assert_f(ret > 0, "%s: the complete counters.rst programming refused: %s",
		     dev.plat->name, strerror(-ret));
	igt_assert(metrics_dir_exists(uuid));
	igt_assert_eq(ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &(uint64_t){ (uint64_t)ret }), 0);

	viol = dev.vgpu ? vgpu_read(&dev, VGPU_VIOLATIONS) : 0;
	if (has_flex())
		l.flex[l.n_flex - 1].addr = 0xe660;	/* EU_PERF_CNT_CTL6 + 4 */
	else
		l.b[l.n_b - 1].addr = bank()->cec + 8 * bank()->n_cec;
	ret = add_config_regs(uuid, l.b, l.n_b, l.flex, l.n_flex);
	igt_assert_f(ret == -EINVAL, "%s: a set with %#x: expected EINVAL, got %s",
		     dev.plat->name, has_flex() ? 0xe660 : bank()->cec + 8 * bank()->n_cec,
		     ret > 0 ? "accepted" : strerror(-ret));
	igt_assert(!metrics_dir_exists(uuid));
	if (dev.vgpu)
		igt_assert_eq_u32(vgpu_read(&dev, VGPU_VIOLATIONS), viol);
}

/* Under the linear workload the same registers change nothing. */
/*
 * ADD_CONFIG of the NOA (mux) registers @mux and the NOA power alone,
 * removed at subtest end; returns the metric set id.
 */
static uint64_t add_mux_config(unsigned int n, const struct reg *mux, uint32_t n_mux)
{
	uint64_t *id = calloc(1, sizeof(*id));
	struct reg regs[8];
	struct drm_i915_perf_oa_config cfg = {
		.n_mux_regs = n_mux, .mux_regs_ptr = (uintptr_t)regs,
	};
	char uuid[36];
	int ret;

	igt_assert(id && n_mux < 8);
	memcpy(regs, mux, n_mux * sizeof(*mux));
	cfg.n_mux_regs += oa_platform_noa_power(dev.plat, &regs[n_mux].addr,
						&regs[n_mux].val);
	uuid_for(uuid, n);
	memcpy(cfg.uuid, uuid, sizeof(cfg.uuid));
	ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	igt_assert_f(ret > 0, "%s: ADD_CONFIG of %u NOA registers failed: %s", dev.plat->name,
		     n_mux, strerror(errno));
	*id = ret;
	igt_push_cleanup(remove_config, id);
	return *id;
}

/* The Haswell NOA registers gen6-gen7.rst "Haswell's C counters" reads. */
#define HSW_NOA_253A4		0x253a4
#define HSW_NOA_OUT_SEL1	0x25424
#define HSW_NOA_OUT_SEL2	0x25428

/* NOA registers keep their values: put them back to their reset 0. */
static void reset_noa_out(void *data)
{
	static const struct reg zero[] = {
		{ HSW_NOA_253A4, 0 }, { HSW_NOA_OUT_SEL1, 0 }, { HSW_NOA_OUT_SEL2, 0 },
	};
	struct oa_capture c;
	uint64_t id;

	(void)data;
	id = add_mux_config(98, zero, 3);
	capture(id, exponent_at_least(14), 1, 3000, &c, NULL);
	oa_capture_fini(&c);
}

/*
 * gen6-gen7.rst "Haswell's C counters": the C counters on the NOA routes
 * Intel's oa-hsw.xml reads the GPU clock through count R GPU clocks per
 * timestamp tick: C2 with lane 10 (0x25424 bits 24:20) from source 8, as
 * RenderBasic and ComputeBasic program it; C7 with lane 15 (0x25428 bits
 * 19:15) from source 0 while 0x253a4 holds MemoryReads' 0x34300000. Every
 * other C counter counts as counters.rst "C counters" says.
 */
static void test_hsw_c2_clock(void)
{
	static const struct {
		const char *what;
		struct reg regs[3];
		unsigned int clocks;	/* mask of C counters counting clocks */
	} cases[] = {
		{ "RenderBasic", { { HSW_NOA_253A4, 0x01600000 },
				   { HSW_NOA_OUT_SEL1, 0x1284a420 },
				   { HSW_NOA_OUT_SEL2, 0x00042049 } }, 1u << 2 },
		{ "ComputeBasic", { { HSW_NOA_253A4, 0 },
				    { HSW_NOA_OUT_SEL1, 0x06820c83 },
				    { HSW_NOA_OUT_SEL2, 0x00000c03 } }, 1u << 2 },
		{ "MemoryReads", { { HSW_NOA_253A4, 0x34300000 },
				   { HSW_NOA_OUT_SEL1, 0x00008421 },
				   { HSW_NOA_OUT_SEL2, 0 } }, 1u << 7 },
		/* lane 15 from source 0 without MemoryReads' 0x253a4 */
		{ "lane 15 alone", { { HSW_NOA_253A4, 0x01600000 },
				     { HSW_NOA_OUT_SEL1, 0 },
				     { HSW_NOA_OUT_SEL2, 0 } }, 0 },
	};
	unsigned int i, n;
	size_t r;

	igt_require_f(dev.plat->family & OA_FAM_HSW, "%s: Haswell only\n", dev.plat->name);
	begin();
	igt_push_cleanup(reset_noa_out, NULL);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct oa_capture c;
		uint64_t id = add_mux_config(20 + i, cases[i].regs, 3);

		igt_assert_eq_u32(capture(id, exponent_at_least(14), 4, 3000, &c, NULL), 0);
		for (r = 0; r < c.n; r++) {
			const uint32_t *rep = oa_capture_report(&c, r);
			uint64_t T = oa_capture_ts(&c, r), v, want;
			unsigned int w;

			for (n = 0; n < N_C; n++) {
				unsigned int k = ctr_k(CTR_C, n);
				bool clock = cases[i].clocks >> n & 1;

				igt_assert(report_ctr(c.fmt, k, rep, &v, &w));
				want = workload_counter(&dev.wl, k, 0, w) +
				       (clock ? T * gpu.R : act_c_count(&gpu, n, T * gpu.R));
				want &= wmask(w);
				igt_assert_f(v == want,
					     "%s, %s's NOA routes, report %zu at T=%#" PRIx64 ": C%u = %#" PRIx64 ", expected %#" PRIx64 " (%s)",
					     dev.plat->name, cases[i].what, r, T, n, v, want,
					     clock ? "GPU clocks" : "counters.rst C counters");
			}
		}
		oa_capture_fini(&c);
	}
}

/*
 * counters.rst "Bounds": the most counter @kind/@n can advance in @clocks
 * GPU clocks, from the topology the driver reports: a boolean (B, C) once
 * per clock; render busy once per clock; flex EU events once per clock per
 * EU, thread occupancy once per thread per EU; 2x2s and sampler requests
 * once per clock per subslice; L3 lines once per clock per slice; the
 * rest (dispatches, barriers, GT requests, undefined counters) once per
 * clock per EU.
 */
static uint64_t physical_bound(enum bank_kind kind, unsigned int n, uint64_t clocks)
{
	uint64_t eus = (uint64_t)gpu.n_ss * gpu.eus;

	if (kind != CTR_A)
		return clocks;
	/* Gen6/7: aggregated over the EUs; Gen12.5's undefined A25, A32 */
	if (!has_flex() || (gpu.xehp && (n == 25 || n == 32)))
		return clocks * eus;
	if (n == 0)
		return clocks;
	if (n >= 7 && n <= 20)
		return clocks * eus * (gpu.xehp ? 8 : 7);
	if (n >= 21 && n <= 28)
		return clocks * gpu.n_ss;
	if (n >= 29 && n <= 32)
		return clocks * gpu.n_slices;
	if (n == 34)
		return clocks * (gpu.n_slices + gpu.n_ss);
	return clocks * eus;
}

static void test_per_clock_bounds(void)
{
	const unsigned int n_of[3] = { n_a(), ACT_N_CEC, N_C };
	struct oa_capture c;
	struct prog pr;
	enum bank_kind kind;
	unsigned int n, w;
	uint64_t id;
	size_t i;

	begin();
	/* as much as the programming can make count: every CEC always true */
	memset(&pr, 0, sizeof(pr));
	if (has_flex()) {
		example1(&pr);
		pr.ctl[2] = 0;
	}
	for (n = 0; n < bank()->n_cec; n++)
		pr.cec.r0[n] = 0x7;
	id = add_prog(&pr, 11);
	igt_assert_eq_u32(capture(id, exponent_at_least(14), 8, 3000, &c, NULL), 0);
	for (i = 0; i + 1 < c.n; i++) {
		uint64_t clocks = (oa_capture_ts(&c, i + 1) - oa_capture_ts(&c, i)) * gpu.R;
		uint64_t l3 = 0;

		for (kind = CTR_A; kind <= CTR_C; kind++)
			for (n = 0; n < n_of[kind]; n++) {
				uint64_t v0, v1, d;
				char name[16];

				if (!report_ctr(c.fmt, ctr_k(kind, n), oa_capture_report(&c, i), &v0, &w))
					continue;
				igt_assert(report_ctr(c.fmt, ctr_k(kind, n),
						      oa_capture_report(&c, i + 1), &v1, &w));
				d = (v1 - v0) & wmask(w);
				if (kind == CTR_A && has_flex() &&
				    (n == 30 || n == 31 || (n == 32 && !gpu.xehp)))
					l3 += d;
				igt_assert_f(d <= physical_bound(kind, n, clocks),
					     "%s pair %zu: %s advanced %" PRIu64 " in %" PRIu64 " clocks, above its bound %" PRIu64 " (%u slices, %u subslices, %u EUs each)",
					     dev.plat->name, i, ctr_name(kind, n, name), d, clocks,
					     physical_bound(kind, n, clocks), gpu.n_slices, gpu.n_ss,
					     gpu.eus);
			}
		igt_assert_f(l3 <= clocks * gpu.n_slices,
			     "%s pair %zu: A30+A31+A32 = %" PRIu64 " L3 lines in %" PRIu64 " clocks on %u slices",
			     dev.plat->name, i, l3, clocks, gpu.n_slices);
	}
	oa_capture_fini(&c);
}

static void test_linear_unchanged(void)
{
	struct oa_capture c;
	struct prog pr;
	unsigned int e = exponent_at_least(14);
	uint64_t id;

	set_workload(VGPU_WORKLOAD_LINEAR);
	read_topology();
	/*
	 * Example 1 with its unsupported A11 and example 2's CEC: not even
	 * evaluated under linear, so no violation either.
	 */
	example1(&pr);
	pr.cec = (struct act_cec){
		.r0 = { 0x00100042, 0x00100002, 0x00101003, 0x0000008a, 0x00080022 },
		.r1 = { 0x0000fff7, 0x0000ffcf, 0x0000f0ff, 0x0001ffee, 0x0000fffb },
	};
	if (has_triggers()) {
		pr.thr[TRIG_REPORT1] = 0xc350;
		pr.trig[TRIG_REPORT1] = 0x80800001;
		pr.trig[TRIG_START1] = 0x80000001;
	}
	id = add_prog(&pr, 10);
	igt_assert_eq_u32(capture(id, e, 8, 3000, &c, NULL), 0);
	/* Exact linear values and no trigger reports between timer reports. */
	oa_assert_reports(&dev, &c, e, 0);
	oa_capture_fini(&c);
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("counters.rst example 1 on the platform's topology (Gen8+): every A7..A20 and fixed-function A counter of every report equals S_k + N(c(T)) from lib/activity.c; the unsupported A11 counts 0 and is violation 36, once.");
	igt_subtest("flex-example")
		test_flex_example();

	igt_describe("Gen12.5 only: FP16/FP32/INT16/INT32/BF16/INT8/systolic FP16/MATH/systolic/ALU0-and-systolic/control/active events, the 0b11111 default and an RT-miss coarse filter, fourteen distinct rates, exact in every report, no violation.");
	igt_subtest("flex-gen12.5")
		test_flex_gen125();

	igt_describe("counters.rst example 2's CEC blocks (comparisons, chaining, negation): B0..B7 exact in every report (B4..B7 stay at S_k before Haswell).");
	igt_subtest("cec-example")
		test_cec_example();

	igt_describe("i915's Test OA boolean configuration: after its start triggers fired, B0 = 0, B1 = B2 = clocks, B3 = clocks/2, B4 = B5 = clocks/3, B6 = clocks/6, B7 = 2/3 clocks per report pair.");
	igt_subtest("cec-test-oa")
		test_cec_test_oa();

	igt_describe("counters.rst example 2's report trigger (50000 odd cycles): the j-th trigger report floor(100000*j/R) or one more ticks after the first (2000*j at R=50), RPT_ID bits 20, 17, 18 set, B0 exact (50000*j where R divides 100000) (HSW+).");
	igt_subtest("report-trigger")
		test_report_trigger();

	igt_describe("Start trigger 1 on the first idle cycle: all A/B/C counters hold and RPT_ID bit 18 is clear until then, after it the formula's deltas (HSW+).");
	igt_subtest("start-trigger")
		test_start_trigger();

	igt_describe("On every report pair over five slices: A22+A23+A25 <= A21, A26 = A21-A22-A23-A25, A27 <= A26, A29 <= A28, A29 and A30+A31+A32 within the L3's line per clock per slice, A30/A31/A34 >= the SLM atomics, A37 <= A36 on Gen12.5, and nothing but B/C advances inside an idle slice (Gen8+).");
	igt_subtest("fixed-function-relationships")
		test_fixed_relationships();

	igt_describe("A flex field with a coarse filter its event does not support counts 0 and is violation 36, counted once at OA enable (Gen8, Gen12.5); Gen9-12 have no such rule: it counts, no violation.");
	igt_subtest("noa-power")
		test_noa_power();

	igt_subtest("flex-off")
		test_flex_off();

	igt_subtest("unsupported-filter")
		test_unsupported_filter();

	igt_describe("The complete counters.rst register set is one acceptable metric set; with one register past the last flex control (Gen6/7: past the last CEC) the whole set is refused with EINVAL and no violation.");
	igt_subtest("whitelist-refused")
		test_whitelist_refused();

	igt_describe("Haswell: with Intel's RenderBasic and ComputeBasic NOA routes C2 counts R GPU clocks per timestamp tick, with MemoryReads' C7 does; lane 15 from source 0 without MemoryReads' 0x253a4 does not, and every other C counter counts as counters.rst says.");
	igt_subtest("hsw-c2-gpu-clock")
		test_hsw_c2_clock();

	igt_describe("Under the activity workload, with every CEC block always true, no A, B or C counter of any report pair advances faster than its physical bound (counters.rst \"Bounds\"), computed from the topology the driver reports.");
	igt_subtest("per-clock-bounds")
		test_per_clock_bounds();

	igt_describe("Under the linear workload the same flex, CEC and trigger programming changes nothing: every report is value_k(T), no trigger report.");
	igt_subtest("linear-unchanged")
		test_linear_unchanged();
}
