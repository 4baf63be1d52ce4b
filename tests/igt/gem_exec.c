// SPDX-License-Identifier: MIT
/*
 * gem_exec: DRM_IOCTL_I915_GEM_EXECBUFFER2(_WR) with i915's semantics and
 * errnos (gem/i915_gem_execbuffer.c: i915_gem_execbuffer2_ioctl(),
 * i915_gem_check_execbuffer(), i915_gem_do_execbuffer(),
 * eb_select_legacy_ring(), eb_validate_vma(), eb_add_vma(),
 * eb_relocate_entry()), and what the batches do on the virtual GPU's
 * render command streamer (Documentation/command-streamer.rst):
 * MI_STORE_DATA_IMM lands where the relocation or softpin put its
 * target, MI_REPORT_PERF_COUNT writes the OA unit's counters as the
 * synthetic workload has them at the command's timestamp.
 *
 * Batches run on Gen6/7 (the driver's ring submission) and on Gen8 and
 * later (execlists, each context in its own PPGTT). Gen8+ commands carry
 * 64-bit addresses and relocations patch two dwords. From Gen12 on,
 * MI_REPORT_PERF_COUNT writes OAR's counters, which count only for a
 * context a CTX_HANDLE stream enabled OAR in (subtest gen12-mi-rpc).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include "oa_test.h"

#define MI_INSTR(op, flags)		(((op) << 23) | (flags))
#define MI_NOOP				0
#define MI_BATCH_BUFFER_END		MI_INSTR(0x0a, 0)
/*
 * Gen4-7: dword 1 reserved, 2 the address, 3 the data; Gen8: 1 and 2 the
 * address, 3 the data (IGT gem_exec_store.c).
 */
#define MI_STORE_DWORD_IMM_GEN4		MI_INSTR(0x20, 2)
/*
 * Gen7: 3 dwords, address bits 31:6, the report ID; Gen8: 4 dwords, the
 * address low and high, the report ID (IGT perf.c emit_report_perf_count).
 */
#define MI_REPORT_PERF_COUNT		MI_INSTR(0x28, 1)
#define MI_REPORT_PERF_COUNT_GEN8	MI_INSTR(0x28, 2)
/* i915: the CTX_ID of a report of no context, or of a context hidden */
#define INVALID_CTX_ID			0xffffffffu

static struct oa_dev dev;

static bool gen8(void)
{
	return dev.plat->graphics_ver >= 8;
}

/* MI_REPORT_PERF_COUNT reads the OA unit's counters (before Gen12) */
static bool rpc_reads_oa(void)
{
	return dev.plat->graphics_ver < 12;
}

/* i915 intel_engine_cs.c: the render context image, in pages */
static unsigned int lrc_pages(void)
{
	switch (dev.plat->graphics_ver) {
	case 8:
		return 20;
	case 11:
		return 14;
	default:
		return 22;
	}
}

/* The dword of MI_STORE_DWORD_IMM holding the (low) address. */
static unsigned int sdi_addr_dw(void)
{
	return gen8() ? 1 : 2;
}

/* MI_STORE_DWORD_IMM of @data to @addr, 4 dwords on every generation. */
static void emit_sdi(uint32_t *cmd, uint64_t addr, uint32_t data)
{
	cmd[0] = MI_STORE_DWORD_IMM_GEN4;
	cmd[1] = 0;
	cmd[2] = 0;
	cmd[sdi_addr_dw()] = addr;
	if (gen8())
		cmd[2] = addr >> 32;
	cmd[3] = data;
}

/* MI_REPORT_PERF_COUNT to @addr with @id; returns its dwords. */
static unsigned int emit_rpc(uint32_t *cmd, uint64_t addr, uint32_t id)
{
	if (!gen8()) {
		cmd[0] = MI_REPORT_PERF_COUNT;
		cmd[1] = addr;
		cmd[2] = id;
		return 3;
	}
	cmd[0] = MI_REPORT_PERF_COUNT_GEN8;
	cmd[1] = addr;
	cmd[2] = addr >> 32;
	cmd[3] = id;
	return 4;
}

static int do_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static uint32_t create(uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CREATE, &c), 0);
	return c.handle;
}

static void gem_close(uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_GEM_CLOSE, &c), 0);
}

/*
 * Copy to or from the object through a CPU mapping: discrete parts take
 * only FIXED mappings, the others WB (gem_objects covers both), and
 * PWRITE/PREAD are gone from 12.5 on.
 */
static void bo_access(int fd, uint32_t handle, uint64_t offset, void *buf,
		      uint64_t len, bool write)
{
	struct drm_i915_gem_mmap_offset m = {
		.handle = handle, .flags = I915_MMAP_OFFSET_FIXED,
	};
	uint64_t end = offset + len;
	uint8_t *p;

	if (do_ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m)) {
		m.flags = I915_MMAP_OFFSET_WB;
		igt_assert_eq(do_ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m),
			      0);
	}
	p = mmap(NULL, end, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
	igt_assert(p != MAP_FAILED);
	if (write)
		memcpy(p + offset, buf, len);
	else
		memcpy(buf, p + offset, len);
	munmap(p, end);
}

static void bo_write(uint32_t handle, uint64_t offset, const void *buf,
		     uint64_t len)
{
	bo_access(dev.drm_fd, handle, offset, (void *)buf, len, true);
}

static void bo_read(uint32_t handle, uint64_t offset, void *buf, uint64_t len)
{
	bo_access(dev.drm_fd, handle, offset, buf, len, false);
}

static int execbuf(struct drm_i915_gem_execbuffer2 *eb)
{
	return do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, eb);
}

static struct drm_i915_gem_execbuffer2 eb_of(struct drm_i915_gem_exec_object2 *o,
					     unsigned int n)
{
	struct drm_i915_gem_execbuffer2 eb = {
		.buffers_ptr = (uintptr_t)o, .buffer_count = n,
	};

	return eb;
}

/* The batch's out-fence signals within @ms; it is then closed. */
static void wait_fence(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	igt_assert_f(poll(&p, 1, ms) == 1 && (p.revents & POLLIN),
		     "out-fence %d not signalled within %d ms", fd, ms);
	close(fd);
}

/* A batch object holding @dwords (MI_BATCH_BUFFER_END appended). */
static uint32_t batch(const uint32_t *dwords, unsigned int n)
{
	uint32_t h = create(4096), buf[1024];

	igt_assert(n + 2 <= ARRAY_SIZE(buf));
	memcpy(buf, dwords, n * 4);
	buf[n++] = MI_BATCH_BUFFER_END;
	buf[n++] = MI_NOOP;
	bo_write(h, 0, buf, n * 4);
	return h;
}

/* A value per dword that no neighbour shares. */
static uint32_t pattern(uint32_t seed, unsigned int i)
{
	return (seed * 0x9e3779b9u) ^ (i * 0x85ebca6bu) ^ i;
}

/* ---- getparam ---- */

static void test_getparam(void)
{
	static const struct { int param, value; } want[] = {
		{ I915_PARAM_HAS_EXECBUF2, 1 },
		{ I915_PARAM_HAS_EXEC_NO_RELOC, 1 },
		{ I915_PARAM_HAS_EXEC_HANDLE_LUT, 1 },
		{ I915_PARAM_HAS_EXEC_SOFTPIN, 1 },
		{ I915_PARAM_HAS_EXEC_BATCH_FIRST, 1 },
		/* no in-fences, no secure batches; PPGTT checked below */
		{ I915_PARAM_HAS_EXEC_FENCE, 0 },
		{ I915_PARAM_HAS_SECURE_BATCHES, 0 },
		/* i915 INTEL_PPGTT(): full (2) with execlists, none on Gen6/7 */
		{ I915_PARAM_HAS_ALIASING_PPGTT, -1 },
	};
	struct drm_i915_getparam gp;
	unsigned int i;
	int v;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		v = -1;
		gp.param = want[i].param;
		gp.value = &v;
		igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp), 0);
		if (want[i].value < 0)
			igt_assert_f(v == (gen8() ? 2 : 0), "ALIASING_PPGTT = %d", v);
		else
			igt_assert_f(v == want[i].value, "param %d = %d, want %d",
				     want[i].param, v, want[i].value);
	}
}

/* ---- basic ---- */

static void test_basic(void)
{
	struct drm_i915_gem_exec_object2 o = {};
	struct drm_i915_gem_execbuffer2 eb = eb_of(&o, 1);
	struct drm_i915_gem_wait w = {};
	struct drm_i915_gem_busy b = {};

	o.handle = batch(NULL, 0);
	w.bo_handle = o.handle;
	b.handle = o.handle;
	eb.flags = I915_EXEC_RENDER | I915_EXEC_FENCE_OUT;
	eb.rsvd2 = 0x12345678;
	igt_assert_eq(execbuf(&eb), 0);
	/* the in-fence half is left as it was */
	igt_assert_eq((uint32_t)eb.rsvd2, 0x12345678u);
	wait_fence(eb.rsvd2 >> 32, 5000);
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), 0);
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_BUSY, &b), 0);
	igt_assert_eq(b.busy, 0);

	/* without FENCE_OUT rsvd2 is untouched; the default engine runs too */
	eb.flags = I915_EXEC_DEFAULT;
	eb.rsvd2 = 0;
	igt_assert_eq(execbuf(&eb), 0);
	igt_assert_eq(eb.rsvd2, 0);
	w.timeout_ns = 5000000000ll;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), 0);
	gem_close(o.handle);
}

/* ---- store-dword: relocations ---- */

#define STORES	16

static void store_batch(uint32_t *cmd, uint64_t target, uint32_t seed)
{
	unsigned int i;

	for (i = 0; i < STORES; i++)
		emit_sdi(&cmd[4 * i], target + 64 * i, pattern(seed, i));
}

static void check_stores(uint32_t handle, uint32_t seed)
{
	uint32_t got[STORES * 16];
	unsigned int i;

	bo_read(handle, 0, got, sizeof(got));
	for (i = 0; i < STORES * 16; i++) {
		uint32_t want = i % 16 ? 0 : pattern(seed, i / 16);

		igt_assert_f(got[i] == want, "dword %u: %#x, expected %#x",
			     i, got[i], want);
	}
}

static void test_store_dword(void)
{
	struct drm_i915_gem_relocation_entry r[STORES];
	struct drm_i915_gem_exec_object2 o[2] = {};
	struct drm_i915_gem_execbuffer2 eb = eb_of(o, 2);
	uint32_t cmd[4 * STORES];
	unsigned int i;

	o[0].handle = create(4096);
	store_batch(cmd, 0, 1);
	o[1].handle = batch(cmd, ARRAY_SIZE(cmd));
	memset(r, 0, sizeof(r));
	for (i = 0; i < STORES; i++) {
		r[i].target_handle = o[0].handle;
		r[i].delta = 64 * i;
		r[i].offset = 4 * (4 * i + sdi_addr_dw());
		r[i].presumed_offset = ~0ull;
		r[i].read_domains = I915_GEM_DOMAIN_RENDER;
		r[i].write_domain = I915_GEM_DOMAIN_RENDER;
	}
	o[1].relocs_ptr = (uintptr_t)r;
	o[1].relocation_count = STORES;
	eb.flags = I915_EXEC_RENDER | I915_EXEC_FENCE_OUT;
	igt_assert_eq(execbuf(&eb), 0);
	wait_fence(eb.rsvd2 >> 32, 5000);
	check_stores(o[0].handle, 1);
	/* the kernel says where the target is, in the list and each entry */
	for (i = 0; i < STORES; i++)
		igt_assert_eq_u64(r[i].presumed_offset, o[0].offset);
	igt_assert(o[0].offset != o[1].offset);

	/* NO_RELOC with the right presumed offsets: the batch is not patched */
	store_batch(cmd, o[0].offset, 2);
	bo_write(o[1].handle, 0, cmd, sizeof(cmd));
	for (i = 0; i < STORES; i++)
		r[i].delta = 0xdead0000;
	eb.flags = I915_EXEC_RENDER | I915_EXEC_NO_RELOC | I915_EXEC_HANDLE_LUT;
	for (i = 0; i < STORES; i++)
		r[i].target_handle = 0;
	igt_assert_eq(execbuf(&eb), 0);
	/* GEM_WAIT: SET_DOMAIN does not exist on discrete parts */
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT,
			       &(struct drm_i915_gem_wait){
				       .bo_handle = o[0].handle,
				       .timeout_ns = 5000000000ll }), 0);
	check_stores(o[0].handle, 2);
	gem_close(o[0].handle);
	gem_close(o[1].handle);
}

/* ---- softpin ---- */

static void test_softpin(void)
{
	struct drm_i915_gem_exec_object2 o[2] = {}, p[2];
	struct drm_i915_gem_execbuffer2 eb = eb_of(o, 2);
	const uint64_t target = 0x4000000, bb = 0x4100000;
	uint32_t cmd[4 * STORES];

	o[0].handle = create(4096);
	store_batch(cmd, target, 3);
	o[1].handle = batch(cmd, ARRAY_SIZE(cmd));
	o[0].flags = EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE;
	o[0].offset = target;
	o[1].flags = EXEC_OBJECT_PINNED;
	o[1].offset = bb;
	eb.flags = I915_EXEC_FENCE_OUT;
	igt_assert_eq(execbuf(&eb), 0);
	wait_fence(eb.rsvd2 >> 32, 5000);
	igt_assert_eq_u64(o[0].offset, target);
	igt_assert_eq_u64(o[1].offset, bb);
	check_stores(o[0].handle, 3);

	/* BATCH_FIRST: the same objects the other way round */
	store_batch(cmd, target, 4);
	bo_write(o[1].handle, 0, cmd, sizeof(cmd));
	p[0] = o[1];
	p[1] = o[0];
	eb = eb_of(p, 2);
	eb.flags = I915_EXEC_BATCH_FIRST | I915_EXEC_FENCE_OUT;
	igt_assert_eq(execbuf(&eb), 0);
	wait_fence(eb.rsvd2 >> 32, 5000);
	check_stores(o[0].handle, 4);

	/* a second object where the first is: ENOSPC */
	p[0] = o[1];
	p[1] = (struct drm_i915_gem_exec_object2){ .handle = create(8192),
		.flags = EXEC_OBJECT_PINNED, .offset = target - 4096 };
	eb = eb_of(p, 2);
	eb.flags = I915_EXEC_BATCH_FIRST;
	igt_assert_eq(execbuf(&eb), -ENOSPC);
	gem_close(p[1].handle);
	gem_close(o[0].handle);
	gem_close(o[1].handle);
}

/* ---- many: the ring wraps, requests complete in order ---- */

static void test_many(void)
{
	/* more requests in flight than the 16 KiB ring holds (48 bytes each) */
	enum { N = 400 };
	struct drm_i915_gem_relocation_entry r = {
		.read_domains = I915_GEM_DOMAIN_RENDER,
		.write_domain = I915_GEM_DOMAIN_RENDER,
	};
	struct drm_i915_gem_exec_object2 o[2] = {};
	struct drm_i915_gem_execbuffer2 eb = eb_of(o, 2);
	uint32_t cmd[4], *bbs, got;
	unsigned int i;

	r.offset = 4 * sdi_addr_dw();
	bbs = calloc(N, sizeof(*bbs));
	igt_assert(bbs);
	o[0].handle = create(4096);
	r.target_handle = o[0].handle;
	for (i = 0; i < N; i++) {
		emit_sdi(cmd, 0, pattern(5, i));
		bbs[i] = batch(cmd, ARRAY_SIZE(cmd));
	}
	for (i = 0; i < N; i++) {
		o[1] = (struct drm_i915_gem_exec_object2){
			.handle = bbs[i], .relocs_ptr = (uintptr_t)&r,
			.relocation_count = 1,
		};
		r.presumed_offset = ~0ull;
		eb.flags = i == N - 1 ? I915_EXEC_FENCE_OUT : 0;
		igt_assert_eq(execbuf(&eb), 0);
	}
	wait_fence(eb.rsvd2 >> 32, 10000);
	bo_read(o[0].handle, 0, &got, 4);
	igt_assert_eq_u32(got, pattern(5, N - 1));
	for (i = 0; i < N; i++)
		gem_close(bbs[i]);
	free(bbs);
	gem_close(o[0].handle);
}

/* ---- mi-rpc ---- */

/*
 * The layout of MI_REPORT_PERF_COUNT's report with a stream of format @f:
 * @f's; from Gen12.5 on OAR's select-5 layout (dg2.rst, uAPI 11), which
 * differs from OAG's.
 */
static const struct oa_format *rpc_format(const struct oa_format *f)
{
	size_t i;

	if (!(dev.plat->family & OA_FAM_XEHP))
		return f;
	for (i = 0; i < oa_n_formats; i++)
		if (oa_formats[i].uapi_id == OA_FMT_OAR_A32u40_A4u32_B8_C8 &&
		    (oa_formats[i].families & OA_FAM_XEHP))
			return &oa_formats[i];
	igt_assert(!"no OAR_A32u40_A4u32_B8_C8 layout");
	return f;
}

static void test_mi_rpc(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	const struct oa_format *rf = rpc_format(f);
	static const uint32_t ids[] = { 0xdeadbeef, 0x00c0ffee, 0x12345678 };
	struct drm_i915_gem_relocation_entry r[ARRAY_SIZE(ids)] = {};
	struct drm_i915_gem_exec_object2 o[2] = {};
	struct drm_i915_gem_execbuffer2 eb = eb_of(o, 2);
	uint32_t cmd[4 * ARRAY_SIZE(ids)], buf[4096 / 4], fill[4096 / 4];
	uint64_t T0, T1, T, prev = 0;
	struct oa_open op;
	char why[256];
	unsigned int i, j, n = 0, slot = 1024;
	int stream;

	igt_assert(f->size <= slot);
	o[0].handle = create(4096);
	for (i = 0; i < ARRAY_SIZE(fill); i++)
		fill[i] = pattern(6, i);
	bo_write(o[0].handle, 0, fill, sizeof(fill));
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		r[i].offset = 4 * (n + 1);
		n += emit_rpc(&cmd[n], 0, ids[i]);
		r[i].target_handle = o[0].handle;
		r[i].delta = slot * i;
		r[i].presumed_offset = ~0ull;
		r[i].read_domains = I915_GEM_DOMAIN_INSTRUCTION;
		r[i].write_domain = I915_GEM_DOMAIN_INSTRUCTION;
	}
	o[1].handle = batch(cmd, n);
	o[1].relocs_ptr = (uintptr_t)r;
	o[1].relocation_count = ARRAY_SIZE(ids);

	/*
	 * the format OACONTROL selects is the open stream's; from Gen12 on
	 * OAR_OACONTROL's, which a stream of the batch's context (the
	 * default one) turns on
	 */
	oa_open_periodic(&dev, &op, f, 20);
	if (!rpc_reads_oa())
		oa_prop(&op, DRM_I915_PERF_PROP_CTX_HANDLE, 0);
	stream = oa_open(dev.drm_fd, &op);
	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &T0), 0);
	eb.flags = I915_EXEC_RENDER | I915_EXEC_FENCE_OUT;
	igt_assert_eq(execbuf(&eb), 0);
	wait_fence(eb.rsvd2 >> 32, 5000);
	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &T1), 0);
	close(stream);

	bo_read(o[0].handle, 0, buf, sizeof(buf));
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		const uint32_t *rep = buf + slot / 4 * i;

		/* T from TIME_STAMP, the nearest to T0 */
		T = T0 + (int64_t)(int32_t)(rep[1] - (uint32_t)T0);
		igt_assert_f(T >= T0 && T <= T1,
			     "report %u at T=%#llx, outside the batch's [%#llx, %#llx]",
			     i, (unsigned long long)T, (unsigned long long)T0,
			     (unsigned long long)T1);
		igt_assert_f(T >= prev, "report %u before report %u", i, i - 1);
		prev = T;
		igt_assert_f(oa_rpc_report_check(dev.plat, rf, &dev.wl, rep, T,
						 ids[i], why, sizeof(why)),
			     "report %u: %s", i, why);
		/* exactly the format's size written, nothing after it */
		for (j = rf->size / 4; j < slot / 4; j++)
			igt_assert_f(rep[j] == fill[slot / 4 * i + j],
				     "report %u: dword %u past its %u bytes written",
				     i, j, rf->size);
	}
	gem_close(o[0].handle);
	gem_close(o[1].handle);
}

/* ---- per-context: Haswell's OACONTROL context filter ---- */

static uint32_t ctx_create(void)
{
	struct drm_i915_gem_context_create c = {};

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE,
			       &c), 0);
	return c.ctx_id;
}

static void ctx_destroy(uint32_t id)
{
	struct drm_i915_gem_context_destroy d = { .ctx_id = id };

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY,
			       &d), 0);
}

/*
 * Run on context @ctx a batch of one MI_REPORT_PERF_COUNT of ID @id into
 * @dst at @off (or none for @id 0), and wait for it.
 */
static void rpc_on(uint32_t ctx, uint32_t dst, uint32_t off, uint32_t id)
{
	struct drm_i915_gem_relocation_entry r = {
		.target_handle = dst, .delta = off, .offset = 4,
		.presumed_offset = ~0ull,
		.read_domains = I915_GEM_DOMAIN_INSTRUCTION,
		.write_domain = I915_GEM_DOMAIN_INSTRUCTION,
	};
	uint32_t cmd[4] = {};
	struct drm_i915_gem_exec_object2 o[2] = {
		{ .handle = dst },
		{ .handle = batch(cmd, id ? emit_rpc(cmd, 0, id) : 0) },
	};
	struct drm_i915_gem_execbuffer2 eb = eb_of(o, 2);

	if (id) {
		o[1].relocs_ptr = (uintptr_t)&r;
		o[1].relocation_count = 1;
	}
	eb.rsvd1 = ctx;
	eb.flags = I915_EXEC_FENCE_OUT;
	igt_assert_eq(execbuf(&eb), 0);
	wait_fence(eb.rsvd2 >> 32, 5000);
	gem_close(o[1].handle);
}

/*
 * The timestamp in [@lo, @hi] whose workload values report @rep (ID @id)
 * holds, its header aside; 0 if none.
 */
static uint64_t effective_ts(const struct oa_format *f, const uint32_t *rep,
			     uint32_t id, uint64_t lo, uint64_t hi)
{
	uint32_t r[256 / 4];
	char why[256];
	uint64_t t;

	igt_assert(f->size <= sizeof(r));
	memcpy(r, rep, f->size);
	for (t = lo; t <= hi; t++) {
		r[1] = (uint32_t)t;
		r[2] = (uint32_t)(t >> 32) & 0xf;
		if (oa_rpc_report_check(dev.plat, f, &dev.wl, r, t, id, why,
					sizeof(why)))
			return t;
	}
	return 0;
}

static void test_per_context(void)
{
	const struct oa_format *f =
		oa_platform_format_by_id(dev.plat, I915_OA_FORMAT_A45_B8_C8);
	uint32_t a, b, dst, buf[4096 / 4], *rep[6];
	uint64_t T0, T[6], held;
	struct oa_open op;
	char why[256];
	unsigned int i;
	int stream;

	igt_require_f(dev.plat->family == OA_FAM_HSW && f,
		      "context images and A45_B8_C8: Haswell only");
	a = ctx_create();
	b = ctx_create();
	dst = create(4096);

	/* A is loaded before the stream starts: its counters never held */
	rpc_on(a, dst, 0, 0);
	oa_open_periodic(&dev, &op, f, 20);
	oa_prop(&op, DRM_I915_PERF_PROP_CTX_HANDLE, a);
	stream = oa_open(dev.drm_fd, &op);
	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &T0), 0);

	rpc_on(a, dst, 0 * 512, 1);	/* A runs: counting */
	oa_sleep_ms(5);
	rpc_on(a, dst, 1 * 512, 2);	/* still A, later */
	rpc_on(b, dst, 2 * 512, 3);	/* B loaded: held from here */
	oa_sleep_ms(5);
	rpc_on(b, dst, 3 * 512, 4);	/* still held */
	rpc_on(a, dst, 4 * 512, 5);	/* A again: counting from its load */
	oa_sleep_ms(5);
	rpc_on(a, dst, 5 * 512, 6);
	close(stream);

	bo_read(dst, 0, buf, sizeof(buf));
	for (i = 0; i < 6; i++) {
		rep[i] = buf + 512 / 4 * i;
		igt_assert_eq_u32(rep[i][0], i + 1);
		T[i] = T0 + (int64_t)(int32_t)(rep[i][1] - (uint32_t)T0);
		igt_assert_f(!i || T[i] >= T[i - 1], "report %u before %u", i,
			     i - 1);
	}
	igt_assert_f(T[1] > T[0] && T[3] > T[2] && T[5] > T[4],
		     "no time between the reports");
	/* while A is loaded the counters are the workload's at T */
	for (i = 0; i < 2; i++)
		igt_assert_f(oa_rpc_report_check(dev.plat, f, &dev.wl, rep[i], T[i], i + 1,
						 why, sizeof(why)),
			     "report %u (context A): %s", i + 1, why);
	/*
	 * B's load held them (a little before report 3: the engine takes
	 * time between MI_SET_CONTEXT and the report); B's time and the
	 * switch back to A add nothing.
	 */
	held = effective_ts(f, rep[2], 3, T[1], T[2]);
	igt_assert_f(held, "report 3: no time between reports 2 and 3 gives its counters");
	igt_assert_f(!memcmp(rep[3] + 3, rep[2] + 3, f->size - 12),
		     "report 4: counters moved while context B was loaded");
	/* then A counts again: the workload at T less B's time */
	for (i = 4; i < 6; i++)
		igt_assert_f(effective_ts(f, rep[i], i + 1,
					  T[i] - (T[4] - held),
					  T[i] - (T[3] - held)),
			     "report %u: its counters are not the workload's at its time less B's",
			     i + 1);

	gem_close(dst);
	ctx_destroy(a);
	ctx_destroy(b);
}

/* ---- ctx-filter: a Gen8+ stream of one context ---- */

static void unprivileged_ctx_open(void *data)
{
	struct oa_open *op = data;

	oa_drop_root();
	igt_assert_eq(oa_try_open(dev.drm_fd, op), -EACCES);
}

/*
 * Gen8+ (command-streamer.rst, i915 gen8_append_oa_reports()): the
 * counters count every context, so a stream of context A is privileged
 * and forwards A's reports, the report after each (the switch away) and
 * every context-switch report, with any other context's ID replaced by
 * INVALID_CTX_ID. The virtual GPU writes a context-switch report each
 * time the engine loads a context, naming it, and when it leaves it.
 * From Gen12 on MI_REPORT_PERF_COUNT counts only in a context whose OAR
 * a stream turned on, so each context's ID is learnt under a stream of
 * its own, and B runs an empty batch under A's.
 */

/* Each context's ID: the CTX_ID of a report its own batch writes. */
static uint32_t ctx_id_of(uint32_t ctx, uint32_t dst, uint32_t off,
			  uint32_t rpt)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	uint32_t buf[64];
	struct oa_open op;
	int stream;

	oa_open_periodic(&dev, &op, f, oa_exponent_for_ns(&dev, 200000));
	if (!rpc_reads_oa())
		oa_prop(&op, DRM_I915_PERF_PROP_CTX_HANDLE, ctx);
	stream = oa_open(dev.drm_fd, &op);
	rpc_on(ctx, dst, off, rpt);
	close(stream);
	bo_read(dst, off, buf, sizeof(buf));
	igt_assert_eq_u32(buf[0], rpt);
	return oa_report_ctx_id(f, buf);
}
static void test_ctx_filter(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	uint32_t a, b, dst, buf[4096 / 4], id_a, id_b, ctx, reason;
	unsigned int e = oa_exponent_for_ns(&dev, 200000);
	unsigned int ins = 0, outs = 0;
	uint64_t T[2], prev_ctx = 0;
	struct oa_capture c;
	struct oa_open op;
	char why[256];
	size_t i;
	int stream;

	igt_require(gen8());
	a = ctx_create();
	b = ctx_create();
	dst = create(4096);

	id_a = ctx_id_of(a, dst, 0, 1);
	id_b = ctx_id_of(b, dst, 1024, 2);
	igt_assert_f(id_a && id_b && id_a != id_b && id_a != INVALID_CTX_ID &&
		     id_b != INVALID_CTX_ID,
		     "context IDs %#x and %#x: not two distinct IDs", id_a, id_b);

	oa_open_periodic(&dev, &op, f, e);
	oa_prop(&op, DRM_I915_PERF_PROP_CTX_HANDLE, a);
	/* i915: a Gen8+ stream of one context needs privilege */
	igt_assert_eq(igt_fork_child(unprivileged_ctx_open, &op),
		      IGT_EXIT_SUCCESS);
	stream = oa_open(dev.drm_fd, &op);
	oa_capture_init(&c, f, &op);
	rpc_on(a, dst, 0, 3);
	rpc_on(b, dst, 1024, rpc_reads_oa() ? 4 : 0);
	rpc_on(a, dst, 2048, 5);
	oa_sleep_ms(20);
	oa_capture_until(stream, &c, 1 << 20, 100);
	close(stream);
	bo_read(dst, 0, buf, sizeof(buf));

	for (i = 0; i < c.n; i++) {
		const uint32_t *rep = oa_capture_report(&c, i);

		ctx = oa_report_ctx_id(f, rep);
		reason = oa_report_reason(dev.plat, rep);
		igt_assert_f(ctx == id_a || ctx == INVALID_CTX_ID,
			     "report %zu names context %#x (A is %#x, B %#x)",
			     i, ctx, id_a, id_b);
		igt_assert_f(ctx == id_a || prev_ctx == id_a ||
			     (reason & OA_REASON_CTX_SWITCH),
			     "report %zu: another context's, not a switch, not after A's",
			     i);
		/*
		 * The switch to A: the workload's counters then. A slice
		 * boundary while A is loaded is a context-switch report
		 * naming A too (platforms.rst, "Context-switch reports"), not
		 * a load of A: an A that ran across one had three.
		 */
		if (ctx == id_a && (reason & OA_REASON_CTX_SWITCH) &&
		    oa_capture_ts(&c, i) % OA_SLICE_TICKS) {
			igt_assert_f(oa_rpc_report_check(dev.plat, f, &dev.wl, rep,
							 oa_capture_ts(&c, i),
							 rep[0], why,
							 sizeof(why)),
				     "report %zu, the switch to A: %s", i, why);
			igt_assert(ins < 2);
			T[ins++] = oa_capture_ts(&c, i);
		}
		if (prev_ctx == id_a && ctx != id_a) {
			igt_assert_f(reason & OA_REASON_CTX_SWITCH,
				     "report %zu after A's is not a switch", i);
			outs++;
		}
		prev_ctx = ctx;
	}
	igt_assert_f(ins == 2 && outs == 2,
		     "%u switches to A and %u away in %zu reports, expected 2 and 2",
		     ins, outs, c.n);
	/* each switch to A comes before its batch's report, B's between */
	igt_assert_f((int32_t)(buf[1] - (uint32_t)T[0]) >= 0,
		     "the first switch to A (%#x) after A's report (%#x)",
		     (uint32_t)T[0], buf[1]);
	igt_assert_f((int32_t)(buf[512 + 1] - (uint32_t)T[1]) >= 0 &&
		     (!rpc_reads_oa() ||
		      (int32_t)((uint32_t)T[1] - buf[256 + 1]) >= 0),
		     "the second switch to A (%#x) not between B's report (%#x) and A's (%#x)",
		     (uint32_t)T[1], buf[256 + 1], buf[512 + 1]);
	oa_capture_fini(&c);
	gem_close(dst);
	ctx_destroy(a);
	ctx_destroy(b);
}

/* ---- ppgtt-charge: a client pays for its page tables ---- */

/*
 * Gen8/9 (intel_oa_ppgtt.c, DOC "PPGTT"): each page-table level below the
 * top is charged to the VM's client, a page of entries and a directory's
 * page of child pointers: 8 KiB per PDP and page directory, 4 KiB per
 * page table; so is the context image with its ring (i915's 20 or 22
 * pages plus the status page, and 16 KiB). A 48-bit PPGTT's batches
 * softpinned 512 GiB apart each need all three tables (20 KiB), a 32-bit
 * one's (Cherryview, page directories made with the VM) 2 MiB apart a
 * page table (4 KiB). Under a 1 MiB limit, creating a 4 KiB batch and
 * binding it, again and again, stops at ENOMEM exactly where objects,
 * tables, the image and the default context and VM (under 12 KiB, plus
 * 32 KiB of directories on 32 bits) pass the limit; without the charges
 * it would go on several times longer.
 */
static void test_ppgtt_charge(void)
{
	enum { N = 512 };
	const uint32_t bbe[2] = { MI_BATCH_BUFFER_END, MI_NOOP };
	struct drm_i915_gem_context_param gp = {
		.param = I915_CONTEXT_PARAM_GTT_SIZE,
	};
	uint64_t old, stride, per, ctx_max, image, avail;
	unsigned int i, bound = 0, lo, hi;
	uint32_t h[N];
	char node[64];
	int fd, ret = 0;

	igt_require(gen8());
	igt_assert_eq(do_ioctl(dev.drm_fd,
			       DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &gp), 0);
	stride = gp.value > (1ull << 32) ? 1ull << 39 : 1ull << 21;
	per = 4096 + (gp.value > (1ull << 32) ? 20480 : 4096);
	ctx_max = gp.value > (1ull << 32) ? 12288 : 12288 + 32768;
	image = (lrc_pages() + 1 + 4) * 4096;

	old = oa_limit_client_mb(1);
	snprintf(node, sizeof(node), "/dev/dri/card%d", dev.card);
	fd = open(node, O_RDWR | O_CLOEXEC);
	igt_assert_f(fd >= 0, "cannot open %s", node);

	for (i = 0; i < N; i++) {
		struct drm_i915_gem_create c = { .size = 4096 };
		struct drm_i915_gem_exec_object2 o = {
			.offset = (uint64_t)(i + 1) * stride,
			.flags = EXEC_OBJECT_PINNED |
				 EXEC_OBJECT_SUPPORTS_48B_ADDRESS,
		};
		struct drm_i915_gem_execbuffer2 eb = eb_of(&o, 1);

		ret = do_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c);
		if (ret)
			break;
		h[i] = c.handle;
		bo_access(fd, h[i], 0, (void *)bbe, sizeof(bbe), true);
		o.handle = h[i];
		ret = do_ioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
		if (ret)
			break;
		bound++;
	}
	avail = (1 << 20) - image;
	lo = (avail - ctx_max) / per;
	hi = (avail - 1) / per;
	igt_assert_f(ret == -ENOMEM && bound >= lo && bound <= hi,
		     "%u batches bound before %s, expected %u-%u before ENOMEM",
		     bound, ret ? strerror(-ret) : "the end", lo, hi);
	close(fd);
	oa_set_client_mb(old);
}

/* ---- invalid ---- */

static void test_invalid(void)
{
	struct drm_i915_gem_relocation_entry r = {};
	struct drm_i915_gem_exec_object2 o[2] = {}, ok[1];
	struct drm_i915_gem_execbuffer2 eb;
	uint32_t bb, obj;

	bb = batch(NULL, 0);
	obj = create(4096);
	ok[0] = (struct drm_i915_gem_exec_object2){ .handle = bb };

#define EXPECT(err, what) do {					\
		eb = eb_of(ok, 1);					\
		what;							\
		igt_assert_f(execbuf(&eb) == (err), "%s: expected %s",	\
			     #what, #err);				\
	} while (0)

	/* i915_gem_execbuffer2_ioctl(), i915_gem_check_execbuffer() */
	EXPECT(-EINVAL, eb.buffer_count = 0);
	EXPECT(-EINVAL, eb.buffer_count = 0x80000000u);
	EXPECT(-EINVAL, eb.flags = 1ull << 22);
	EXPECT(-EINVAL, eb.flags = 1ull << 63);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_CONSTANTS_MASK & (1 << 6));
	EXPECT(-EINVAL, eb.flags = I915_EXEC_RESOURCE_STREAMER);
	EXPECT(-EINVAL, eb.num_cliprects = 1);
	EXPECT(-EINVAL, eb.cliprects_ptr = 8);
	EXPECT(-EINVAL, eb.DR1 = 1);
	EXPECT(-EINVAL, eb.DR4 = 1);
	EXPECT(0, eb.DR4 = 0xffffffff);
	EXPECT(-EINVAL, eb.batch_start_offset = 4);
	EXPECT(-EINVAL, eb.batch_len = 12);
	EXPECT(-EFAULT, eb.buffers_ptr = (uintptr_t)oa_fault_ptr());
	/* i915_gem_do_execbuffer(): not implemented flags */
	EXPECT(-EPERM, eb.flags = I915_EXEC_SECURE);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_FENCE_IN);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_FENCE_SUBMIT);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_FENCE_IN | I915_EXEC_FENCE_SUBMIT);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_FENCE_ARRAY);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_USE_EXTENSIONS;
	       eb.cliprects_ptr = 8);
	/* eb_select_context(), eb_select_legacy_ring() */
	EXPECT(-ENOENT, eb.rsvd1 = 77);
	EXPECT(-EINVAL, eb.flags = 5);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_RING_MASK);
	EXPECT(-EINVAL, eb.flags = I915_EXEC_RENDER | (1 << I915_EXEC_BSD_SHIFT));
	EXPECT(-EINVAL, eb.flags = I915_EXEC_BSD | (3 << I915_EXEC_BSD_SHIFT));
	/* engines the device has but the driver does not submit to */
	EXPECT(-ENODEV, eb.flags = I915_EXEC_BLT);
	EXPECT(-ENODEV, eb.flags = I915_EXEC_BSD);

	/* eb_lookup_vmas(), eb_validate_vma(), eb_add_vma() */
	EXPECT(-ENOENT, ok[0].handle = 0xfffff);
	ok[0].handle = bb;
	EXPECT(-EINVAL, ok[0].flags = 1ull << 8);
	ok[0].flags = 0;
	EXPECT(-EINVAL, ok[0].alignment = 3 * 4096);
	ok[0].alignment = 0;
	EXPECT(-EINVAL, ok[0].flags = EXEC_OBJECT_PINNED; ok[0].offset = 0x1001);
	EXPECT(-EINVAL, ok[0].flags = EXEC_OBJECT_PINNED;
	       ok[0].offset = 1ull << 47);
	ok[0].offset = 0;
	EXPECT(-EINVAL, ok[0].flags = EXEC_OBJECT_PAD_TO_SIZE;
	       ok[0].rsvd1 = 100);
	EXPECT(-EINVAL, ok[0].flags = EXEC_OBJECT_WRITE);
	ok[0].flags = 0;
	ok[0].rsvd1 = 0;
	EXPECT(-EINVAL, eb.batch_start_offset = 4096);
	EXPECT(-EINVAL, eb.batch_start_offset = 8; eb.batch_len = 4096);
	/* i915_vma_insert(): a fixed range past the GGTT */
	EXPECT(-EINVAL, ok[0].flags = EXEC_OBJECT_PINNED;
	       ok[0].offset = 1ull << 40);
	ok[0].flags = 0;
	ok[0].offset = 0;

	/* duplicates */
	o[0].handle = bb;
	o[1].handle = bb;
	eb = eb_of(o, 2);
	igt_assert_eq(execbuf(&eb), -EINVAL);

	/* eb_relocate_entry() */
	o[0] = (struct drm_i915_gem_exec_object2){ .handle = obj };
	o[1] = (struct drm_i915_gem_exec_object2){
		.handle = bb, .relocs_ptr = (uintptr_t)&r,
		.relocation_count = 1,
	};
#define RELOC(err, what) do {						\
		r = (struct drm_i915_gem_relocation_entry){		\
			.target_handle = obj, .offset = 8,		\
			.read_domains = I915_GEM_DOMAIN_RENDER,		\
			.presumed_offset = ~0ull };			\
		what;							\
		eb = eb_of(o, 2);					\
		igt_assert_f(execbuf(&eb) == (err), "%s: expected %s",	\
			     #what, #err);				\
	} while (0)
	RELOC(0, (void)0);
	RELOC(-ENOENT, r.target_handle = 0xfffff);
	RELOC(-ENOENT, r.target_handle = 0);
	RELOC(-EINVAL, r.write_domain = I915_GEM_DOMAIN_RENDER |
					I915_GEM_DOMAIN_SAMPLER);
	RELOC(-EINVAL, r.read_domains = I915_GEM_DOMAIN_CPU);
	RELOC(-EINVAL, r.write_domain = I915_GEM_DOMAIN_GTT);
	RELOC(-EINVAL, r.offset = 6);
	RELOC(-EINVAL, r.offset = 4094);
	RELOC(-EINVAL, r.offset = 4096);
	RELOC(-EFAULT, o[1].relocs_ptr = (uintptr_t)oa_fault_ptr());
	o[1].relocs_ptr = (uintptr_t)&r;
	/* with HANDLE_LUT the target is an index into the list */
	r.target_handle = 0;
	eb = eb_of(o, 2);
	eb.flags = I915_EXEC_HANDLE_LUT;
	igt_assert_eq(execbuf(&eb), 0);
	r.target_handle = 2;
	r.presumed_offset = ~0ull;
	igt_assert_eq(execbuf(&eb), -ENOENT);

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT,
			       &(struct drm_i915_gem_wait){
				       .bo_handle = bb,
				       .timeout_ns = 5000000000ll }), 0);
	gem_close(obj);
	gem_close(bb);
#undef RELOC
#undef EXPECT
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("GETPARAM advertises what execbuf implements: EXECBUF2, NO_RELOC, HANDLE_LUT, SOFTPIN, BATCH_FIRST 1; EXEC_FENCE, ALIASING_PPGTT, SECURE_BATCHES 0.");
	igt_subtest("getparam")
		test_getparam();

	igt_describe("An empty batch runs: its out-fence signals, GEM_WAIT and GEM_BUSY see it idle, the default engine is the render engine.");
	igt_subtest("basic")
		test_basic();

	igt_describe("Relocated MI_STORE_DATA_IMMs land at their targets; presumed offsets and the object list are written back; NO_RELOC with right presumed offsets leaves the batch as written.");
	igt_subtest("store-dword")
		test_store_dword();

	igt_describe("Softpinned objects run where they were pinned (also with BATCH_FIRST); another object over them is ENOSPC.");
	igt_subtest("softpin")
		test_softpin();

	igt_describe("400 batches in flight, more than the ring holds (it wraps and submission waits for room): the last store wins, the last out-fence signals.");
	igt_subtest("many")
		test_many();

	igt_describe("Gen8+: a stream of context A (CTX_HANDLE) is privileged and forwards A's context-switch reports with the workload's counters, the switch away after each, other switches with their context IDs hidden, and no other context's reports.");
	igt_subtest("ctx-filter")
		test_ctx_filter();

	igt_describe("Gen8/9: a client's page tables count against its memory limit, so sparse softpinned batches hit ENOMEM where their tables would pass the limit.");
	igt_subtest("ppgtt-charge")
		test_ppgtt_charge();

	igt_describe("MI_REPORT_PERF_COUNT writes the stream's format (Gen12: OAR's, on in the context of a CTX_HANDLE stream): RPT_ID the command's report ID, every counter as the workload has it at a timestamp inside the batch, in order, and nothing past the report.");
	igt_subtest("mi-rpc")
		test_mi_rpc();

	igt_describe("Haswell: a stream of context A (CTX_HANDLE) counts while A is loaded and holds its counters while context B is, checked report by report with MI_REPORT_PERF_COUNT against the workload.");
	igt_subtest("per-context")
		test_per_context();

	igt_describe("Execbuf's invalid inputs get i915's errnos: counts, flags, cliprects, DR1/DR4, batch range, list pointer, secure batches, in-fences, contexts, rings, handles, object flags, alignment, softpin addresses, the batch written, duplicates, and each relocation check.");
	igt_subtest("invalid")
		test_invalid();

	igt_fixture
		oa_dev_close(&dev);
}
