// SPDX-License-Identifier: MIT
/*
 * gem_objects: the GEM object ioctls with i915's semantics and errnos:
 *
 *   GEM_CREATE(_EXT)   i915_gem_create_ioctl(), i915_gem_create_ext_ioctl(),
 *                      i915_user_extensions() (gem/i915_gem_create.c)
 *   GEM_CLOSE          drm_gem_close_ioctl() (the DRM core's)
 *   GEM_MMAP_OFFSET    i915_gem_mmap_offset_ioctl(), __assign_mmap_offset(),
 *                      i915_gem_mmap() (gem/i915_gem_mman.c)
 *   GEM_MMAP           i915_gem_mmap_ioctl()
 *   GEM_PREAD, PWRITE  i915_gem_pread_ioctl(), i915_gem_pwrite_ioctl()
 *   GEM_SET_DOMAIN     i915_gem_set_domain_ioctl() (gem/i915_gem_domain.c)
 *   GEM_WAIT, BUSY     i915_gem_wait_ioctl(), i915_gem_busy_ioctl()
 *   SET/GET_TILING     i915_gem_set_tiling_ioctl() for linear objects
 *   SET/GET_CACHING    i915_gem_set_caching_ioctl() (gem/i915_gem_domain.c)
 *   GET_APERTURE       i915_gem_get_aperture_ioctl()
 *   debugfs            i915_gem_drop_caches (i915_debugfs.c)
 *
 * What differs by platform is i915's, from i915_pci.c: the discrete parts
 * (is_dgfx: DG1, DG2, ATS-M) and, for DRM_I915_GEM_MMAP, graphics IP
 * after 12.0 (DG1 12.10, DG2 12.55, Meteor and Arrow Lake 12.70+). Every
 * byte written through one mapping is read back through another.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include "oa_test.h"

static struct oa_dev dev;

/* i915_pci.c: .is_dgfx = 1. */
static bool is_dgfx(void)
{
	return !strncmp(dev.plat->name, "dg", 2) ||
	       !strncmp(dev.plat->name, "ats", 3);
}

/* i915_pci.c: has_llc is 0 on these, which snoop instead. */
static bool has_llc(void)
{
	static const char *const no_llc[] = {
		"vlv", "chv", "bxt", "glk", "dg1", "mtl", "arl",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(no_llc); i++)
		if (!strncmp(dev.plat->name, no_llc[i], strlen(no_llc[i])))
			return false;
	return true;
}

/* i915_gem_set_caching_ioctl(): GRAPHICS_VER_FULL() >= IP_VER(12, 70). */
static bool caching_by_pat(void)
{
	return !strncmp(dev.plat->name, "mtl", 3) ||
	       !strncmp(dev.plat->name, "arl", 3);
}

/* i915_gem_mmap_ioctl(): IS_DGFX() || GRAPHICS_VER_FULL() > IP_VER(12, 0). */
static bool has_legacy_mmap(void)
{
	return !is_dgfx() && strncmp(dev.plat->name, "mtl", 3) &&
	       strncmp(dev.plat->name, "arl", 3);
}

/* ioctl() as 0 or -errno. */
static int do_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static int gem_create(int fd, uint64_t *size, uint32_t *handle)
{
	struct drm_i915_gem_create c = { .size = *size };
	int ret = do_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c);

	if (!ret) {
		*size = c.size;
		*handle = c.handle;
	}
	return ret;
}

static uint32_t create(int fd, uint64_t size)
{
	uint32_t handle = 0;

	igt_assert_eq(gem_create(fd, &size, &handle), 0);
	igt_assert(handle);
	return handle;
}

static int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static int mmap_offset(int fd, uint32_t handle, uint64_t flags,
		       uint64_t *offset)
{
	struct drm_i915_gem_mmap_offset m = { .handle = handle, .flags = flags };
	int ret = do_ioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m);

	*offset = m.offset;
	return ret;
}

/* The mapping kinds this platform's objects have (i915). */
static const uint64_t *map_kinds(void)
{
	static const uint64_t integrated[] = {
		I915_MMAP_OFFSET_GTT, I915_MMAP_OFFSET_WC, I915_MMAP_OFFSET_WB,
		I915_MMAP_OFFSET_UC, ~0ull,
	};
	static const uint64_t discrete[] = { I915_MMAP_OFFSET_FIXED, ~0ull };

	return is_dgfx() ? discrete : integrated;
}

static void *map(int fd, uint32_t handle, uint64_t kind, size_t size)
{
	uint64_t off;
	void *p;

	igt_assert_eq(mmap_offset(fd, handle, kind, &off), 0);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
	igt_assert_f(p != MAP_FAILED, "mmap of kind %" PRIu64 ": %s", kind,
		     strerror(errno));
	return p;
}

/* A value per dword that no neighbour shares: seed, index, and their mix. */
static uint32_t pattern(uint32_t seed, size_t i)
{
	return (seed * 0x9e3779b9u) ^ (uint32_t)(i * 0x85ebca6bu) ^ (uint32_t)i;
}

static void fill(uint32_t *p, size_t dwords, uint32_t seed)
{
	size_t i;

	for (i = 0; i < dwords; i++)
		p[i] = pattern(seed, i);
}

/* @dwords dwords that were dwords @first.. of a fill(@seed). */
static void check_at(const uint32_t *p, size_t first, size_t dwords,
		     uint32_t seed)
{
	size_t i;

	for (i = 0; i < dwords; i++)
		igt_assert_f(p[i] == pattern(seed, first + i),
			     "dword %zu: %#x, wrote %#x", first + i, p[i],
			     pattern(seed, first + i));
}

static void check(const uint32_t *p, size_t dwords, uint32_t seed)
{
	check_at(p, 0, dwords, seed);
}

/* Another file on the device under test. */
static int open_again(void)
{
	char node[64];
	int fd;

	snprintf(node, sizeof(node), "/dev/dri/card%d", dev.card);
	fd = open(node, O_RDWR | O_CLOEXEC);
	igt_assert_f(fd >= 0, "cannot open %s", node);
	return fd;
}

/* ---- GEM_CREATE ---- */

static void test_create(void)
{
	static const struct { uint64_t in, out; } sizes[] = {
		{ 1, 4096 }, { 4096, 4096 }, { 4097, 8192 },
		{ 1 << 20, 1 << 20 }, { (1 << 20) + 1, (1 << 20) + 4096 },
	};
	uint32_t handles[ARRAY_SIZE(sizes)], h;
	uint64_t size;
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		size = sizes[i].in;
		igt_assert_eq(gem_create(dev.drm_fd, &size, &handles[i]), 0);
		igt_assert_f(size == sizes[i].out,
			     "size %" PRIu64 " became %" PRIu64 ", i915 gives %" PRIu64,
			     sizes[i].in, size, sizes[i].out);
		for (j = 0; j < i; j++)
			igt_assert(handles[j] != handles[i]);
	}
	/* Fresh objects read as zeroes. */
	{
		uint32_t *p = map(dev.drm_fd, handles[3], map_kinds()[0], 1 << 20);

		for (i = 0; i < (1 << 20) / 4; i++)
			igt_assert_eq_u32(p[i], 0);
		munmap(p, 1 << 20);
	}
	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		igt_assert_eq(gem_close(dev.drm_fd, handles[i]), 0);

	size = 0;
	igt_assert_eq(gem_create(dev.drm_fd, &size, &h), -EINVAL);
	/* Rounds up past 2^64 to 0: i915 says EINVAL. */
	size = ~0ull;
	igt_assert_eq(gem_create(dev.drm_fd, &size, &h), -EINVAL);
	/* More than the client may hold (half of RAM by default). */
	size = 1ull << 50;
	igt_assert_eq(gem_create(dev.drm_fd, &size, &h), -ENOMEM);
}

static int create_ext(int fd, uint64_t size, uint32_t flags, void *ext,
		      uint32_t *handle)
{
	struct drm_i915_gem_create_ext c = {
		.size = size, .flags = flags, .extensions = (uintptr_t)ext,
	};
	int ret = do_ioctl(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c);

	if (!ret) {
		igt_assert_eq_u64(c.size, (size + 4095) & ~4095ull);
		*handle = c.handle;
	}
	return ret;
}

static void expect_create_ext(void *ext, uint32_t flags, int err)
{
	uint32_t h = 0;
	int ret = create_ext(dev.drm_fd, 4096, flags, ext, &h);

	igt_assert_f(ret == err, "create_ext: %s, i915 gives %s",
		     strerror(-ret), strerror(-err));
	if (!ret)
		igt_assert_eq(gem_close(dev.drm_fd, h), 0);
}

static void test_create_ext(void)
{
	struct drm_i915_gem_memory_class_instance sys = {
		I915_MEMORY_CLASS_SYSTEM, 0
	}, two[2] = { sys, sys }, dev_mem = { I915_MEMORY_CLASS_DEVICE, 0 };
	struct drm_i915_gem_create_ext_memory_regions r = {
		.base.name = I915_GEM_CREATE_EXT_MEMORY_REGIONS,
		.num_regions = 1, .regions = (uintptr_t)&sys,
	}, r2;
	struct drm_i915_gem_create_ext_protected_content pc = {
		.base.name = I915_GEM_CREATE_EXT_PROTECTED_CONTENT,
	};
	struct drm_i915_gem_create_ext_set_pat pat = {
		.base.name = I915_GEM_CREATE_EXT_SET_PAT, .pat_index = 3,
	};
	struct i915_user_extension unknown = { .name = 99 };
	bool set_pat = !strncmp(dev.plat->name, "mtl", 3) ||
		       !strncmp(dev.plat->name, "arl", 3);

	expect_create_ext(NULL, 0, 0);
	expect_create_ext(&r, 0, 0);
	expect_create_ext(NULL, 1u << 1, -EINVAL);
	/* One region: nothing to spill to (i915). */
	expect_create_ext(NULL, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS,
			  -EINVAL);
	expect_create_ext(&r, I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS,
			  -EINVAL);
	expect_create_ext(&unknown, 0, -EINVAL);
	expect_create_ext((void *)8, 0, -EFAULT);

	unknown.name = I915_GEM_CREATE_EXT_MEMORY_REGIONS;
	unknown.flags = 1;
	expect_create_ext(&unknown, 0, -EINVAL);
	unknown.flags = 0;
	unknown.rsvd[3] = 1;
	expect_create_ext(&unknown, 0, -EINVAL);

	r2 = r;
	r2.pad = 1;
	expect_create_ext(&r2, 0, -EINVAL);
	r2 = r;
	r2.num_regions = 0;
	expect_create_ext(&r2, 0, -EINVAL);
	r2.num_regions = 8;
	expect_create_ext(&r2, 0, -EINVAL);
	r2.num_regions = 2;
	r2.regions = (uintptr_t)two;
	expect_create_ext(&r2, 0, -EINVAL);
	r2.num_regions = 1;
	r2.regions = (uintptr_t)&dev_mem;
	expect_create_ext(&r2, 0, -EINVAL);
	r2.regions = 8;
	expect_create_ext(&r2, 0, -EFAULT);
	/* Placements twice in one chain. */
	r2 = r;
	r2.base.next_extension = (uintptr_t)&r;
	expect_create_ext(&r2, 0, -EINVAL);

	expect_create_ext(&pc, 0, -ENODEV);
	pc.flags = 1;
	expect_create_ext(&pc, 0, -EINVAL);

	expect_create_ext(&pat, 0, set_pat ? 0 : -ENODEV);
	if (set_pat) {
		pat.pat_index = 5;
		expect_create_ext(&pat, 0, -EINVAL);
		/* A chain of 513 links (one, looped) is E2BIG. */
		pat.pat_index = 0;
		pat.base.next_extension = (uintptr_t)&pat;
		expect_create_ext(&pat, 0, -E2BIG);
	}
}

/* ---- GEM_CLOSE ---- */

static void test_close(void)
{
	uint32_t h = create(dev.drm_fd, 4096);

	igt_assert_eq(gem_close(dev.drm_fd, h), 0);
	igt_assert_eq(gem_close(dev.drm_fd, h), -EINVAL);
	igt_assert_eq(gem_close(dev.drm_fd, 0), -EINVAL);
	igt_assert_eq(gem_close(dev.drm_fd, 0x7fffffff), -EINVAL);
}

/* ---- GEM_MMAP_OFFSET and mmap() ---- */

static void test_mmap_offset(void)
{
	const size_t size = 64 << 10;
	const uint64_t *k = map_kinds();
	uint64_t off[8], again;
	uint32_t h = create(dev.drm_fd, size), *p, *q;
	unsigned int i, j;

	/* Each kind its own offset, the same one each time (i915). */
	for (i = 0; k[i] != ~0ull; i++) {
		igt_assert_eq(mmap_offset(dev.drm_fd, h, k[i], &off[i]), 0);
		igt_assert_eq(mmap_offset(dev.drm_fd, h, k[i], &again), 0);
		igt_assert_eq_u64(off[i], again);
		for (j = 0; j < i; j++)
			igt_assert(off[j] != off[i]);
	}
	/* What one kind writes, every other reads. */
	for (i = 0; k[i] != ~0ull; i++) {
		p = map(dev.drm_fd, h, k[i], size);
		fill(p, size / 4, i + 1);
		for (j = 0; k[j] != ~0ull; j++) {
			q = map(dev.drm_fd, h, k[j], size);
			check(q, size / 4, i + 1);
			munmap(q, size);
		}
		munmap(p, size);
	}
	/* A mapping keeps the object after its handle is closed. */
	p = map(dev.drm_fd, h, k[0], size);
	igt_assert_eq(gem_close(dev.drm_fd, h), 0);
	check(p, size / 4, i);
	fill(p, size / 4, 77);
	check(p, size / 4, 77);
	munmap(p, size);
}

static void test_mmap_offset_invalid(void)
{
	const size_t size = 8192;
	struct drm_i915_gem_mmap_offset m = {};
	struct i915_user_extension ext = { .name = 0 };
	uint32_t h = create(dev.drm_fd, size);
	uint64_t off;
	int fd2;
	void *p;

	igt_assert_eq(mmap_offset(dev.drm_fd, h, 5, &off), -EINVAL);
	igt_assert_eq(mmap_offset(dev.drm_fd, h, ~0ull, &off), -EINVAL);
	igt_assert_eq(mmap_offset(dev.drm_fd, 0x7fffffff, map_kinds()[0], &off),
		      -ENOENT);
	/* No extension is defined for this ioctl. */
	m.handle = h;
	m.flags = map_kinds()[0];
	m.extensions = (uintptr_t)&ext;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m),
		      -EINVAL);
	/* pad is never checked (i915's fixed ABI). */
	m.extensions = 0;
	m.pad = 0xdead;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m),
		      0);

	if (is_dgfx()) {
		igt_assert_eq(mmap_offset(dev.drm_fd, h, I915_MMAP_OFFSET_GTT, &off),
			      -ENODEV);
		igt_assert_eq(mmap_offset(dev.drm_fd, h, I915_MMAP_OFFSET_WC, &off),
			      -ENODEV);
		igt_assert_eq(mmap_offset(dev.drm_fd, h, I915_MMAP_OFFSET_WB, &off),
			      -ENODEV);
		igt_assert_eq(mmap_offset(dev.drm_fd, h, I915_MMAP_OFFSET_UC, &off),
			      -ENODEV);
	} else {
		igt_assert_eq(mmap_offset(dev.drm_fd, h, I915_MMAP_OFFSET_FIXED, &off),
			      -ENODEV);
	}

	igt_assert_eq(mmap_offset(dev.drm_fd, h, map_kinds()[0], &off), 0);
	/*
	 * A mapping starts at the offset and ends within the object
	 * (drm_vma_offset_exact_lookup_locked(), as in i915_gem_mmap()).
	 */
	p = mmap(NULL, size / 2, PROT_READ, MAP_SHARED, dev.drm_fd, off);
	igt_assert(p != MAP_FAILED);
	munmap(p, size / 2);
	p = mmap(NULL, 2 * size, PROT_READ, MAP_SHARED, dev.drm_fd, off);
	igt_assert(p == MAP_FAILED && errno == EINVAL);
	p = mmap(NULL, size / 2, PROT_READ, MAP_SHARED, dev.drm_fd, off + 4096);
	igt_assert(p == MAP_FAILED && errno == EINVAL);
	/* A private mapping of device pages. */
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, dev.drm_fd, off);
	igt_assert(p == MAP_FAILED && errno == EINVAL);
	/* Another file was not given the offset. */
	fd2 = open_again();
	p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd2, off);
	igt_assert_f(p == MAP_FAILED && errno == EACCES,
		     "another file mapped the offset: %s",
		     p == MAP_FAILED ? strerror(errno) : "succeeded");
	close(fd2);
	/* Gone with the object. */
	igt_assert_eq(gem_close(dev.drm_fd, h), 0);
	p = mmap(NULL, size, PROT_READ, MAP_SHARED, dev.drm_fd, off);
	igt_assert(p == MAP_FAILED && errno == EINVAL);
}

/* ---- GEM_MMAP ---- */

static int gem_mmap(uint32_t handle, uint64_t offset, uint64_t size,
		    uint64_t flags, void **ptr)
{
	struct drm_i915_gem_mmap m = {
		.handle = handle, .offset = offset, .size = size, .flags = flags,
	};
	int ret = do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_MMAP, &m);

	*ptr = (void *)(uintptr_t)m.addr_ptr;
	return ret;
}

static void test_mmap_legacy(void)
{
	const size_t size = 32 << 10;
	uint32_t h = create(dev.drm_fd, size), *p, *q;
	void *v;

	if (!has_legacy_mmap()) {
		igt_assert_eq(gem_mmap(h, 0, size, 0, &v), -EOPNOTSUPP);
		igt_assert_eq(gem_mmap(h, 0, size, 1u << 5, &v), -EOPNOTSUPP);
		gem_close(dev.drm_fd, h);
		return;
	}

	igt_assert_eq(gem_mmap(h, 0, size, 0, &v), 0);
	p = v;
	fill(p, size / 4, 5);
	q = map(dev.drm_fd, h, I915_MMAP_OFFSET_WB, size);
	check(q, size / 4, 5);
	/* An offset into the object, write-combined. */
	igt_assert_eq(gem_mmap(h, 8192, 8192, I915_MMAP_WC, &v), 0);
	check_at(v, 2048, 2048, 5);
	munmap(v, 8192);
	munmap(q, size);
	munmap(p, size);

	igt_assert_eq(gem_mmap(h, 0, size, 1u << 1, &v), -EINVAL);
	igt_assert_eq(gem_mmap(h, 0, size + 4096, 0, &v), -EINVAL);
	igt_assert_eq(gem_mmap(h, size, 4096, 0, &v), -EINVAL);
	igt_assert_eq(gem_mmap(h, ~0ull, 4096, 0, &v), -EINVAL);
	igt_assert_eq(gem_mmap(0x7fffffff, 0, 4096, 0, &v), -ENOENT);
	gem_close(dev.drm_fd, h);
}

/* ---- GEM_PREAD, GEM_PWRITE ---- */

static int gem_rw(unsigned long req, uint32_t handle, uint64_t offset,
		  uint64_t size, void *data)
{
	struct drm_i915_gem_pwrite a = {
		.handle = handle, .offset = offset, .size = size,
		.data_ptr = (uintptr_t)data,
	};

	return do_ioctl(dev.drm_fd, req, &a);
}

static void test_pread_pwrite(void)
{
	const size_t size = 5 * 4096;
	uint32_t h = create(dev.drm_fd, size), *buf, *p;
	size_t i;

	buf = malloc(size);
	igt_assert(buf);
	if (!has_legacy_mmap()) {
		/* i915: no PREAD or PWRITE after graphics IP 12.0. */
		igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PWRITE, h, 0, 4, buf),
			      -EOPNOTSUPP);
		igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, h, 0, 4, buf),
			      -EOPNOTSUPP);
		free(buf);
		gem_close(dev.drm_fd, h);
		return;
	}
	/* Across page boundaries, at an odd offset. */
	fill(buf, size / 4, 9);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PWRITE, h, 4, size - 8, buf), 0);
	p = map(dev.drm_fd, h, I915_MMAP_OFFSET_WB, size);
	igt_assert_eq_u32(p[0], 0);
	check_at(p + 1, 0, size / 4 - 2, 9);
	igt_assert_eq_u32(p[size / 4 - 1], 0);
	memset(buf, 0, size);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, h, 4100, 8192, buf), 0);
	check_at(buf, 1024, 2048, 9);
	for (i = 0; i < size / 4; i++)
		p[i] = ~pattern(3, i);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, h, 0, size, buf), 0);
	for (i = 0; i < size / 4; i++)
		igt_assert_eq_u32(buf[i], ~pattern(3, i));
	munmap(p, size);

	/* Size 0 is done before anything is looked at (i915). */
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PWRITE, 0x7fffffff, 0, 0, NULL), 0);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, 0x7fffffff, ~0ull, 0, NULL), 0);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PWRITE, 0x7fffffff, 0, 4, buf), -ENOENT);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, 0x7fffffff, 0, 4, buf), -ENOENT);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PWRITE, h, size - 4, 8, buf), -EINVAL);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, h, ~0ull, 8, buf), -EINVAL);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PWRITE, h, 0, 8, (void *)8), -EFAULT);
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, h, 0, 8, (void *)8), -EFAULT);
	/* A kernel address fails access_ok(). */
	igt_assert_eq(gem_rw(DRM_IOCTL_I915_GEM_PREAD, h, 0, 8,
			     (void *)0xffff888000000000ull), -EFAULT);
	free(buf);
	gem_close(dev.drm_fd, h);
}

/* ---- SET_DOMAIN, WAIT, BUSY ---- */

static int set_domain(uint32_t handle, uint32_t read, uint32_t write)
{
	struct drm_i915_gem_set_domain s = {
		.handle = handle, .read_domains = read, .write_domain = write,
	};

	return do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &s);
}

static void test_set_domain(void)
{
	static const uint32_t gpu[] = {
		I915_GEM_DOMAIN_RENDER, I915_GEM_DOMAIN_SAMPLER,
		I915_GEM_DOMAIN_COMMAND, I915_GEM_DOMAIN_INSTRUCTION,
		I915_GEM_DOMAIN_VERTEX,
	};
	uint32_t h = create(dev.drm_fd, 4096);
	unsigned int i;

	if (is_dgfx()) {
		igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_CPU, 0), -ENODEV);
		gem_close(dev.drm_fd, h);
		return;
	}
	igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_CPU, 0), 0);
	igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_CPU, I915_GEM_DOMAIN_CPU), 0);
	igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_GTT, I915_GEM_DOMAIN_GTT), 0);
	igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_WC, I915_GEM_DOMAIN_WC), 0);
	for (i = 0; i < ARRAY_SIZE(gpu); i++) {
		igt_assert_eq(set_domain(h, gpu[i], 0), -EINVAL);
		igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_CPU, gpu[i]), -EINVAL);
	}
	/* The write domain must be the one read domain. */
	igt_assert_eq(set_domain(h, I915_GEM_DOMAIN_CPU | I915_GEM_DOMAIN_GTT,
				 I915_GEM_DOMAIN_CPU), -EINVAL);
	igt_assert_eq(set_domain(h, 0, I915_GEM_DOMAIN_CPU), -EINVAL);
	/* Nothing to read: done before the handle is looked up. */
	igt_assert_eq(set_domain(0x7fffffff, 0, 0), 0);
	igt_assert_eq(set_domain(0x7fffffff, I915_GEM_DOMAIN_CPU, 0), -ENOENT);
	gem_close(dev.drm_fd, h);
}

static void test_wait_busy(void)
{
	struct drm_i915_gem_wait w = {};
	struct drm_i915_gem_busy b = {};
	uint32_t h = create(dev.drm_fd, 4096);

	/* Nothing was ever submitted: idle, and waits return at once. */
	w.bo_handle = h;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), 0);
	w.timeout_ns = -1;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), 0);
	w.timeout_ns = 1000000000;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), 0);
	igt_assert_f(w.timeout_ns > 0 && w.timeout_ns <= 1000000000,
		     "time left %" PRId64 " ns", (int64_t)w.timeout_ns);
	w.flags = 1;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), -EINVAL);
	w.flags = 0;
	w.bo_handle = 0x7fffffff;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_WAIT, &w), -ENOENT);

	b.handle = h;
	b.busy = 0xdead;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_BUSY, &b), 0);
	igt_assert_eq_u32(b.busy, 0);
	b.handle = 0x7fffffff;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_BUSY, &b), -ENOENT);
	gem_close(dev.drm_fd, h);
}

/* ---- caching ---- */

static int caching(unsigned long req, uint32_t handle, uint32_t *mode)
{
	struct drm_i915_gem_caching c = { .handle = handle, .caching = *mode };
	int ret = do_ioctl(dev.drm_fd, req, &c);

	*mode = c.caching;
	return ret;
}

static void test_caching(void)
{
	uint32_t h = create(dev.drm_fd, 4096), mode = 7;

	if (is_dgfx()) {
		igt_assert_eq(caching(DRM_IOCTL_I915_GEM_GET_CACHING, h, &mode), -ENODEV);
		mode = I915_CACHING_NONE;
		igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode), -ENODEV);
		gem_close(dev.drm_fd, h);
		return;
	}
	/* A new object is cached where the GPU shares the LLC. */
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_GET_CACHING, h, &mode), 0);
	igt_assert_eq_u32(mode, has_llc() ? I915_CACHING_CACHED : I915_CACHING_NONE);
	mode = 0;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_GET_CACHING, 0x7fffffff, &mode), -ENOENT);

	if (caching_by_pat()) {
		mode = I915_CACHING_NONE;
		igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode),
			      -EOPNOTSUPP);
		gem_close(dev.drm_fd, h);
		return;
	}
	mode = I915_CACHING_CACHED;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode), 0);
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_GET_CACHING, h, &mode), 0);
	igt_assert_eq_u32(mode, I915_CACHING_CACHED);
	mode = I915_CACHING_NONE;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode), 0);
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_GET_CACHING, h, &mode), 0);
	igt_assert_eq_u32(mode, I915_CACHING_NONE);
	/* DISPLAY is write-through only with eDRAM (HAS_WT 0): uncached. */
	mode = I915_CACHING_CACHED;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode), 0);
	mode = I915_CACHING_DISPLAY;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode), 0);
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_GET_CACHING, h, &mode), 0);
	igt_assert_eq_u32(mode, I915_CACHING_NONE);
	mode = 3;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, h, &mode), -EINVAL);
	mode = I915_CACHING_NONE;
	igt_assert_eq(caching(DRM_IOCTL_I915_GEM_SET_CACHING, 0x7fffffff, &mode),
		      -ENOENT);
	gem_close(dev.drm_fd, h);
}

/* ---- tiling, aperture, GETPARAM, drop_caches ---- */

static void test_tiling(void)
{
	struct drm_i915_gem_set_tiling s = {};
	struct drm_i915_gem_get_tiling g = {};
	uint32_t h = create(dev.drm_fd, 1 << 20);

	s.handle = h;
	g.handle = h;
	if (is_dgfx()) {
		/* No fences without an aperture: i915 says EOPNOTSUPP. */
		igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_TILING, &s),
			      -EOPNOTSUPP);
		igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_GET_TILING, &g),
			      -EOPNOTSUPP);
		gem_close(dev.drm_fd, h);
		return;
	}
	s.tiling_mode = I915_TILING_NONE;
	s.stride = 4096;
	s.swizzle_mode = 7;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_TILING, &s), 0);
	igt_assert_eq_u32(s.stride, 0);
	igt_assert_eq_u32(s.swizzle_mode, I915_BIT_6_SWIZZLE_NONE);
	g.tiling_mode = g.swizzle_mode = g.phys_swizzle_mode = 9;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_GET_TILING, &g), 0);
	igt_assert_eq_u32(g.tiling_mode, I915_TILING_NONE);
	igt_assert_eq_u32(g.swizzle_mode, I915_BIT_6_SWIZZLE_NONE);
	igt_assert_eq_u32(g.phys_swizzle_mode, I915_BIT_6_SWIZZLE_NONE);

	/* Tiled layouts are not implemented (gem.rst). */
	s.tiling_mode = I915_TILING_X;
	s.stride = 512;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_TILING, &s),
		      -EOPNOTSUPP);
	s.tiling_mode = I915_TILING_Y;
	s.stride = 128;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_TILING, &s),
		      -EOPNOTSUPP);
	s.tiling_mode = I915_TILING_LAST + 1;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_TILING, &s),
		      -EINVAL);
	s.handle = g.handle = 0x7fffffff;
	s.tiling_mode = I915_TILING_NONE;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_SET_TILING, &s),
		      -ENOENT);
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_GET_TILING, &g),
		      -ENOENT);
	gem_close(dev.drm_fd, h);
}

static void test_aperture(void)
{
	struct drm_i915_gem_get_aperture a = {};
	uint64_t units = dev.plat->oam ? 2 : 1;

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &a), 0);
	igt_info("GGTT %" PRIu64 " MiB, %" PRIu64 " MiB available\n",
		 (uint64_t)a.aper_size >> 20, (uint64_t)a.aper_available_size >> 20);
	/* Every generation's GGTT is a power of two of at least 256 MiB. */
	igt_assert(a.aper_size >= 256 << 20);
	igt_assert_eq_u64(a.aper_size & (a.aper_size - 1), 0);
	/* Less one 16 MiB range per OA unit (driver.rst, "GGTT"). */
	igt_assert_eq_u64(a.aper_size - a.aper_available_size, units << 24);
}

static void test_getparam(void)
{
	const struct { int param, value; const char *name; } want[] = {
		{ I915_PARAM_HAS_GEM, 1, "HAS_GEM" },
		{ I915_PARAM_HAS_WAIT_TIMEOUT, 1, "HAS_WAIT_TIMEOUT" },
		{ I915_PARAM_MMAP_VERSION, 1, "MMAP_VERSION" },
		{ I915_PARAM_MMAP_GTT_VERSION, 4, "MMAP_GTT_VERSION" },
		{ I915_PARAM_HAS_LLC, has_llc(), "HAS_LLC" },
		{ I915_PARAM_HAS_WT, 0, "HAS_WT" },
	};
	struct drm_i915_getparam gp;
	unsigned int i;
	int v;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		v = -1;
		gp.param = want[i].param;
		gp.value = &v;
		igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp), 0);
		igt_assert_f(v == want[i].value, "%s = %d, want %d",
			     want[i].name, v, want[i].value);
	}
}

static void test_drop_caches(void)
{
	char path[PATH_MAX];
	uint64_t mask;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/i915_gem_drop_caches",
		 dev.card);
	igt_assert_f(oa_read_u64_file(path, &mask), "cannot read %s", path);
	/* i915's DROP_ALL: DROP_UNBOUND (bit 0) .. DROP_RCU (bit 9). */
	igt_assert_eq_u64(mask, 0x3ff);
	f = fopen(path, "w");
	igt_assert(f);
	igt_assert(fprintf(f, "0x%" PRIx64, mask) > 0);
	igt_assert_eq(fclose(f), 0);
}

/* ---- the per-client charge ---- */

static void test_client_limit(void)
{
	uint64_t old, size = 1 << 20;
	uint32_t a, b, c;
	int fd2;

	old = oa_limit_client_mb(1);

	/*
	 * The file's default context (with, where contexts have PPGTTs, its
	 * VM's top-level table and, on 32 bits, four page directories) takes
	 * a little of its MiB: less than 48 KiB.
	 */
	a = create(dev.drm_fd, (1 << 20) - (48 << 10));
	size = 48 << 10;
	igt_assert_eq(gem_create(dev.drm_fd, &size, &b), -ENOMEM);
	/* Another file has its own MiB. */
	fd2 = open_again();
	c = create(fd2, (1 << 20) - (48 << 10));
	/* Freed is uncharged. */
	igt_assert_eq(gem_close(dev.drm_fd, a), 0);
	b = create(dev.drm_fd, 512 << 10);
	a = create(dev.drm_fd, (512 << 10) - (48 << 10));
	size = 48 << 10;
	igt_assert_eq(gem_create(dev.drm_fd, &size, &c), -ENOMEM);
	close(fd2);
	gem_close(dev.drm_fd, a);
	gem_close(dev.drm_fd, b);
	oa_set_client_mb(old);
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("GEM_CREATE rounds the size up to whole pages, gives distinct handles and zeroed objects; size 0 or one that rounds past 2^64 is EINVAL, more than the client may hold ENOMEM.");
	igt_subtest("create")
		test_create();

	igt_describe("GEM_CREATE_EXT: the system memory region; i915's errnos for unknown flags and extensions, non-zero flags or rsvd, bad pointers, missing or duplicate regions, NEEDS_CPU_ACCESS, protected content and SET_PAT (12.70 on; a 513-link chain is E2BIG).");
	igt_subtest("create-ext")
		test_create_ext();

	igt_describe("GEM_CLOSE of a closed or unknown handle is EINVAL.");
	igt_subtest("close")
		test_close();

	igt_describe("GEM_MMAP_OFFSET gives each mapping kind of the platform its own stable offset; what one mapping writes every other reads, and a mapping keeps the object after GEM_CLOSE.");
	igt_subtest("mmap-offset")
		test_mmap_offset();

	igt_describe("GEM_MMAP_OFFSET: unknown kinds and extensions EINVAL, unknown handles ENOENT, kinds the platform's objects lack ENODEV; mmap() past the object's end, not at its offset, private, or of a closed object EINVAL, another file's offset EACCES.");
	igt_subtest("mmap-offset-invalid")
		test_mmap_offset_invalid();

	igt_describe("DRM_I915_GEM_MMAP maps the object where i915 has it (reads back what was written, WC and at an offset) with i915's errnos, and is EOPNOTSUPP on discrete parts and from graphics IP 12.10.");
	igt_subtest("mmap-legacy")
		test_mmap_legacy();

	igt_describe("GEM_PREAD and GEM_PWRITE copy any range of an object, as mmap() sees it; size 0 does nothing, unknown handles ENOENT, ranges outside EINVAL, bad pointers EFAULT; EOPNOTSUPP from graphics IP 12.10 and on discrete parts.");
	igt_subtest("pread-pwrite")
		test_pread_pwrite();

	igt_describe("GEM_SET_DOMAIN accepts the CPU, GTT and WC domains and refuses GPU domains and a write domain other than the read domain with EINVAL, unknown handles with ENOENT, discrete parts with ENODEV.");
	igt_subtest("set-domain")
		test_set_domain();

	igt_describe("GEM_WAIT and GEM_BUSY of an object no work used: idle, the time left returned; flags EINVAL, unknown handles ENOENT.");
	igt_subtest("wait-busy")
		test_wait_busy();

	igt_describe("GET/SET_CACHING: new objects cached where the GPU shares the LLC (i915_pci.c), NONE/CACHED/DISPLAY (uncached without eDRAM) set and read back; unknown modes EINVAL, unknown handles ENOENT, EOPNOTSUPP from 12.70, ENODEV on discrete parts.");
	igt_subtest("caching")
		test_caching();

	igt_describe("SET/GET_TILING of linear objects; X and Y tiling EOPNOTSUPP, modes past Y EINVAL, unknown handles ENOENT, discrete parts EOPNOTSUPP.");
	igt_subtest("tiling")
		test_tiling();

	igt_describe("GET_APERTURE: a power-of-two GGTT, less one 16 MiB range per OA unit.");
	igt_subtest("aperture")
		test_aperture();

	igt_describe("GETPARAM advertises the GEM object ioctls (HAS_GEM, HAS_WAIT_TIMEOUT, MMAP_VERSION 1, MMAP_GTT_VERSION 4), HAS_LLC as i915_pci.c and HAS_WT 0 (the execbuf parameters: gem_exec@getparam).");
	igt_subtest("getparam")
		test_getparam();

	igt_describe("debugfs i915_gem_drop_caches reads i915's DROP_ALL and takes it back.");
	igt_subtest("drop-caches")
		test_drop_caches();

	igt_describe("gem_client_mb bounds each DRM file's objects and contexts: past it GEM_CREATE is ENOMEM, another file has its own budget, a freed object is uncharged.");
	igt_subtest("client-limit")
		test_client_limit();

	igt_fixture
		oa_dev_close(&dev);
}
