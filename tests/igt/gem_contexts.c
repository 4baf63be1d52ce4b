// SPDX-License-Identifier: MIT
/*
 * gem_contexts: the GEM context ioctls with i915's semantics and errnos
 * (gem/i915_gem_context.c: i915_gem_context_create_ioctl(),
 * set_proto_ctx_param(), ctx_setparam(), set_proto_ctx_engines() and its
 * extensions, get_sseu(), set_sseu(), i915_gem_user_to_context_sseu(),
 * i915_gem_context_getparam_ioctl(), i915_gem_context_destroy_ioctl()).
 *
 * Expected values come from i915 and the platform row: the PPGTT size of
 * i915_pci.c (48 bits from Broadwell on, 32 on Cherryview, 36 on Elkhart
 * and Jasper Lake, the GGTT on Gen6/7, which share it), the row's topology for SSEU, the row's engine
 * list. What the device lacks is answered as i915 answers for hardware
 * without it (Documentation/gem.rst).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <xf86drm.h>

#include "oa_test.h"

static struct oa_dev dev;

static int do_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static int ctx_create_ext(uint32_t flags, void *ext, uint32_t *id)
{
	struct drm_i915_gem_context_create_ext c = {
		.flags = flags, .extensions = (uintptr_t)ext,
	};
	int ret = do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c);

	if (id)
		*id = c.ctx_id;
	return ret;
}

static uint32_t ctx_create(void)
{
	uint32_t id = 0;

	igt_assert_eq(ctx_create_ext(0, NULL, &id), 0);
	igt_assert(id);
	return id;
}

static int ctx_destroy(uint32_t id)
{
	struct drm_i915_gem_context_destroy d = { .ctx_id = id };

	return do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d);
}

static int getparam(uint32_t id, uint64_t param, uint64_t *value)
{
	struct drm_i915_gem_context_param p = { .ctx_id = id, .param = param };
	int ret = do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);

	if (!ret) {
		igt_assert_eq_u32(p.size, 0);
		*value = p.value;
	}
	return ret;
}

static int setparam(uint32_t id, uint64_t param, uint32_t size,
		    uint64_t value)
{
	struct drm_i915_gem_context_param p = {
		.ctx_id = id, .param = param, .size = size, .value = value,
	};

	return do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
}

static bool has_engine(const char *name)
{
	return strstr(dev.plat->engines, name) != NULL;
}

static bool has_execlists(void)
{
	return dev.plat->graphics_ver >= 8;
}

static bool has_full_ppgtt(void)
{
	return dev.plat->graphics_ver >= 8;
}

/* I915_CONTEXT_PARAM_GTT_SIZE: i915_pci.c ppgtt_size, or the GGTT's. */
static uint64_t expected_gtt_size(void)
{
	struct drm_i915_gem_get_aperture a = {};

	if (!strcmp(dev.plat->name, "chv"))
		return 1ull << 32;
	if (!strcmp(dev.plat->name, "ehl") || !strcmp(dev.plat->name, "jsl"))
		return 1ull << 36;
	if (has_full_ppgtt())
		return 1ull << 48;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_GET_APERTURE, &a), 0);
	return a.aper_size;
}

/* ---- create and destroy ---- */

static void test_create_destroy(void)
{
	struct drm_i915_gem_context_create legacy = {};
	struct drm_i915_gem_context_create_ext_setparam sp = {
		.base.name = I915_CONTEXT_CREATE_EXT_SETPARAM,
		.param.param = I915_CONTEXT_PARAM_NO_ERROR_CAPTURE,
		.param.value = 1,
	};
	struct i915_user_extension clone = { .name = I915_CONTEXT_CREATE_EXT_CLONE };
	uint32_t ids[8], id;
	uint64_t v;
	unsigned int i, j;

	for (i = 0; i < 8; i++) {
		ids[i] = ctx_create();
		for (j = 0; j < i; j++)
			igt_assert(ids[i] != ids[j]);
	}
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE,
			       &legacy), 0);
	igt_assert(legacy.ctx_id);
	igt_assert_eq(ctx_destroy(legacy.ctx_id), 0);

	/* Bit 2 and above are unknown flags. */
	igt_assert_eq(ctx_create_ext(1u << 2, NULL, &id), -EINVAL);
	igt_assert_eq(ctx_create_ext(1u << 31, NULL, &id), -EINVAL);
	/* A single timeline needs execlists (Gen8+). */
	if (has_execlists()) {
		igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE,
					     NULL, &id), 0);
		igt_assert_eq(ctx_destroy(id), 0);
	} else {
		igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE,
					     NULL, &id), -EINVAL);
	}
	/* The extensions are read only with USE_EXTENSIONS. */
	igt_assert_eq(ctx_create_ext(0, (void *)8, &id), 0);
	igt_assert_eq(ctx_destroy(id), 0);
	igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
				     (void *)8, &id), -EFAULT);
	igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
				     &clone, &id), -EINVAL);
	igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
				     &sp, &id), 0);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, &v), 0);
	igt_assert_eq_u64(v, 1);
	igt_assert_eq(ctx_destroy(id), 0);
	sp.param.ctx_id = 1;
	igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
				     &sp, &id), -EINVAL);
	sp.param.ctx_id = 0;
	sp.param.param = I915_CONTEXT_PARAM_BAN_PERIOD;
	igt_assert_eq(ctx_create_ext(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS,
				     &sp, &id), -EINVAL);

	for (i = 0; i < 8; i++)
		igt_assert_eq(ctx_destroy(ids[i]), 0);
	igt_assert_eq(ctx_destroy(ids[0]), -ENOENT);
	igt_assert_eq(getparam(ids[0], I915_CONTEXT_PARAM_BANNABLE, &v), -ENOENT);
	/* The default context cannot be destroyed. */
	igt_assert_eq(ctx_destroy(0), -ENOENT);
	igt_assert_eq(ctx_destroy(0x7fffffff), -ENOENT);
	{
		struct drm_i915_gem_context_destroy d = {
			.ctx_id = ctx_create(), .pad = 1,
		};

		igt_assert_eq(do_ioctl(dev.drm_fd,
				       DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d),
			      -EINVAL);
		igt_assert_eq(ctx_destroy(d.ctx_id), 0);
	}
}

/* ---- parameters ---- */

static void check_defaults(uint32_t id)
{
	static const struct { uint64_t param, value; const char *name; } want[] = {
		{ I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, 0, "NO_ERROR_CAPTURE" },
		{ I915_CONTEXT_PARAM_BANNABLE, 1, "BANNABLE" },
		{ I915_CONTEXT_PARAM_RECOVERABLE, 1, "RECOVERABLE" },
		{ I915_CONTEXT_PARAM_PRIORITY, I915_CONTEXT_DEFAULT_PRIORITY, "PRIORITY" },
		{ I915_CONTEXT_PARAM_PERSISTENCE, 1, "PERSISTENCE" },
		{ I915_CONTEXT_PARAM_PROTECTED_CONTENT, 0, "PROTECTED_CONTENT" },
	};
	uint64_t v;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		igt_assert_eq(getparam(id, want[i].param, &v), 0);
		igt_assert_f(v == want[i].value, "context %u %s = %" PRIu64 ", want %" PRIu64,
			     id, want[i].name, v, want[i].value);
	}
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_GTT_SIZE, &v), 0);
	igt_assert_f(v == expected_gtt_size(), "GTT_SIZE %#" PRIx64 ", want %#" PRIx64,
		     v, expected_gtt_size());
	/* The context's VM, under a new id of the file each time. */
	if (has_full_ppgtt()) {
		uint64_t v2;

		igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_VM, &v), 0);
		igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_VM, &v2), 0);
		igt_assert(v >= 1 && v2 >= 1 && v != v2);
	} else {
		igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_VM, &v), -ENODEV);
	}
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_ENGINES, &v), -EINVAL);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_BAN_PERIOD, &v), -EINVAL);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_NO_ZEROMAP, &v), -EINVAL);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_RINGSIZE, &v), -EINVAL);
	igt_assert_eq(getparam(id, 0x4242, &v), -EINVAL);
}

static void drop_root_and_unban(void *data)
{
	uint32_t id = (uintptr_t)data;

	oa_drop_root();
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_BANNABLE, 0, 0), -EPERM);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_BANNABLE, 0, 1), 0);
}

static void check_set(uint32_t id, bool proto)
{
	uint64_t v;

	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, 0, 1), 0);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, 8, 1), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_RECOVERABLE, 0, 0), 0);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_RECOVERABLE, 8, 0), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_BANNABLE, 0, 0), 0);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_BANNABLE, 8, 0), -EINVAL);
	/* No scheduler priorities: i915 says ENODEV (after the size). */
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PRIORITY, 0, 1), -ENODEV);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PRIORITY, 8, 1), -EINVAL);
	/* Persistent; without preemption and engine reset it stays so. */
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PERSISTENCE, 0, 1), 0);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PERSISTENCE, 0, 0), -ENODEV);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PERSISTENCE, 8, 1), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_BAN_PERIOD, 0, 1), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_NO_ZEROMAP, 0, 1), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_RINGSIZE, 0, 4096), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_GTT_SIZE, 0, 1), -EINVAL);
	igt_assert_eq(setparam(id, 0x4242, 0, 1), -EINVAL);
	if (proto) {
		/* No PXP; no VM objects to name. */
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PROTECTED_CONTENT, 0, 1),
			      -ENODEV);
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PROTECTED_CONTENT, 0, 0), 0);
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 8, 1), -EINVAL);
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0, 0x7fffffff),
			      has_full_ppgtt() ? -ENOENT : -ENODEV);
		if (has_full_ppgtt()) {
			struct drm_i915_gem_vm_control vc = {};

			igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0,
					       1ull << 32), -ENOENT);
			igt_assert_eq(do_ioctl(dev.drm_fd,
					       DRM_IOCTL_I915_GEM_VM_CREATE, &vc), 0);
			igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0,
					       vc.vm_id), 0);
			/* The context keeps the VM after its id goes. */
			igt_assert_eq(do_ioctl(dev.drm_fd,
					       DRM_IOCTL_I915_GEM_VM_DESTROY, &vc), 0);
		}
	} else {
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_PROTECTED_CONTENT, 0, 0),
			      -EINVAL);
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0, 1), -EINVAL);
		igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_ENGINES, 8, 0), -EINVAL);
	}

	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, &v), 0);
	igt_assert_eq_u64(v, 1);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_RECOVERABLE, &v), 0);
	igt_assert_eq_u64(v, 0);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_BANNABLE, &v), 0);
	igt_assert_eq_u64(v, 0);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, 0, 0), 0);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_NO_ERROR_CAPTURE, &v), 0);
	igt_assert_eq_u64(v, 0);
	/* Only CAP_SYS_ADMIN may make a context unbannable. */
	igt_assert_eq(igt_fork_child(drop_root_and_unban, (void *)(uintptr_t)id), 0);
}

static void test_params(void)
{
	uint32_t id;

	check_defaults(0);
	check_set(0, false);

	id = ctx_create();
	/* Set before any use: a proto-context (GETPARAM finalizes it). */
	check_set(id, true);
	check_set(id, false);
	igt_assert_eq(ctx_destroy(id), 0);
	id = ctx_create();
	check_defaults(id);
	igt_assert_eq(ctx_destroy(id), 0);

	igt_assert_eq(setparam(0x7fffffff, I915_CONTEXT_PARAM_BANNABLE, 0, 1), -ENOENT);
}

/* ---- VMs ---- */

static int vm_ioctl(unsigned long req, struct drm_i915_gem_vm_control *vc)
{
	return do_ioctl(dev.drm_fd, req, vc);
}

static void test_vm(void)
{
	struct drm_i915_gem_vm_control vc = {}, vc2 = {};
	struct i915_user_extension ext = {};
	uint64_t v;
	uint32_t id;

	if (!has_full_ppgtt()) {
		/* Gen6/7 contexts share the GGTT (aliasing PPGTT). */
		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_CREATE, &vc), -ENODEV);
		vc.vm_id = 1;
		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &vc), -ENOENT);
		return;
	}
	igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_CREATE, &vc), 0);
	igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_CREATE, &vc2), 0);
	igt_assert(vc.vm_id >= 1 && vc2.vm_id >= 1 && vc.vm_id != vc2.vm_id);

	/* Two proto-contexts on one VM; a used one cannot change. */
	id = ctx_create();
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0, vc.vm_id), 0);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0, vc2.vm_id), 0);
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_VM, &v), 0);
	igt_assert(v != vc.vm_id && v != vc2.vm_id);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_VM, 0, vc.vm_id), -EINVAL);
	igt_assert_eq(ctx_destroy(id), 0);

	{
		struct drm_i915_gem_vm_control bad = { .flags = 1 };

		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_CREATE, &bad), -EINVAL);
		bad.flags = 0;
		bad.extensions = (uintptr_t)&ext;
		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_CREATE, &bad), -EINVAL);
		bad.extensions = 8;
		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_CREATE, &bad), -EFAULT);
		bad = vc;
		bad.flags = 1;
		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &bad), -EINVAL);
		bad = vc;
		bad.extensions = 1;
		igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &bad), -EINVAL);
	}
	igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &vc), 0);
	igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &vc), -ENOENT);
	igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &vc2), 0);
	vc.vm_id = 0;
	igt_assert_eq(vm_ioctl(DRM_IOCTL_I915_GEM_VM_DESTROY, &vc), -ENOENT);
}

/* ---- engine maps ---- */

#define MAX_SLOTS 70

struct engines {
	uint64_t extensions;
	struct i915_engine_class_instance e[MAX_SLOTS];
};

static int set_engines(uint32_t id, struct engines *m, unsigned int n,
		       uint32_t size_adjust)
{
	return setparam(id, I915_CONTEXT_PARAM_ENGINES,
			8 + 4 * n + size_adjust, (uintptr_t)m);
}

static const struct i915_engine_class_instance rcs0 = { I915_ENGINE_CLASS_RENDER, 0 };
static const struct i915_engine_class_instance hole = {
	(uint16_t)I915_ENGINE_CLASS_INVALID, (uint16_t)I915_ENGINE_CLASS_INVALID_NONE,
};

static void test_engines(void)
{
	struct {
		struct i915_context_engines_load_balance lb;
		struct i915_engine_class_instance sib[2];
	} bal;
	struct {
		struct i915_context_engines_parallel_submit ps;
		struct i915_engine_class_instance sib[2];
	} par;
	struct i915_context_engines_bond bond = {
		.base.name = I915_CONTEXT_ENGINES_EXT_BOND,
	};
	struct engines m = {};
	uint32_t id = ctx_create();
	uint64_t v;
	unsigned int i;

	m.e[0] = rcs0;
	m.e[1] = hole;
	m.e[2] = rcs0;
	igt_assert_eq(set_engines(id, &m, 3, 2), -EINVAL);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_ENGINES, 4, (uintptr_t)&m), -EINVAL);
	for (i = 0; i < MAX_SLOTS; i++)
		m.e[i] = rcs0;
	igt_assert_eq(set_engines(id, &m, 65, 0), -EINVAL);
	m.e[1] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_RENDER, 1 };
	igt_assert_eq(set_engines(id, &m, 3, 0), -ENOENT);
	m.e[1] = (struct i915_engine_class_instance){ 9, 0 };
	igt_assert_eq(set_engines(id, &m, 3, 0), -ENOENT);
	igt_assert_eq(setparam(id, I915_CONTEXT_PARAM_ENGINES, 8 + 12, 8), -EFAULT);
	m.e[1] = hole;
	m.extensions = 8;
	igt_assert_eq(set_engines(id, &m, 3, 0), -EFAULT);

	/* Extensions: bonding is refused; balancing fills a hole. */
	m.extensions = (uintptr_t)&bond;
	igt_assert_eq(set_engines(id, &m, 3, 0), -ENODEV);
	memset(&bal, 0, sizeof(bal));
	bal.lb.base.name = I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE;
	bal.lb.engine_index = 1;
	bal.lb.num_siblings = 1;
	bal.sib[0] = rcs0;
	m.extensions = (uintptr_t)&bal;
	if (!has_execlists()) {
		igt_assert_eq(set_engines(id, &m, 3, 0), -ENODEV);
	} else {
		bal.lb.engine_index = 3;
		igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
		bal.lb.engine_index = 0;
		igt_assert_eq(set_engines(id, &m, 3, 0), -EEXIST);
		bal.lb.engine_index = 1;
		bal.lb.flags = 1;
		igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
		bal.lb.flags = 0;
		bal.lb.mbz64 = 1;
		igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
		bal.lb.mbz64 = 0;
		bal.sib[0] = (struct i915_engine_class_instance){ 9, 9 };
		igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
		bal.sib[0] = rcs0;
	}
	/* Parallel submission: i915's checks, then no GuC submission. */
	memset(&par, 0, sizeof(par));
	par.ps.base.name = I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT;
	par.ps.engine_index = 1;
	par.ps.width = 2;
	par.ps.num_siblings = 2;
	m.extensions = (uintptr_t)&par;
	igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
	par.ps.num_siblings = 1;
	par.ps.width = 1;
	igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
	par.ps.width = 2;
	par.sib[0] = rcs0;
	par.sib[1] = rcs0;
	igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
	if (has_engine("vcs1")) {
		par.sib[0] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_VIDEO, 0 };
		par.sib[1] = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_VIDEO, 1 };
		igt_assert_eq(set_engines(id, &m, 3, 0), -ENODEV);
	}

	/* A map of a render slot, a hole and a balanced slot. */
	m.extensions = has_execlists() ? (uintptr_t)&bal : 0;
	igt_assert_eq(set_engines(id, &m, 3, 0), 0);
	igt_assert_eq(set_engines(id, &m, 3, 0), -EINVAL);
	/* Used once, the map is fixed. */
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_BANNABLE, &v), 0);
	igt_assert_eq(ctx_destroy(id), 0);
	id = ctx_create();
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_BANNABLE, &v), 0);
	m.extensions = 0;
	igt_assert_eq(set_engines(id, &m, 1, 0), -EINVAL);
	igt_assert_eq(ctx_destroy(id), 0);
	/* An empty map is a map. */
	id = ctx_create();
	igt_assert_eq(set_engines(id, &m, 0, 0), 0);
	igt_assert_eq(ctx_destroy(id), 0);
}

/* ---- SSEU ---- */

static int get_sseu(uint32_t id, struct drm_i915_gem_context_param_sseu *s,
		    uint32_t size, uint32_t *size_out)
{
	struct drm_i915_gem_context_param p = {
		.ctx_id = id, .param = I915_CONTEXT_PARAM_SSEU, .size = size,
		.value = (uintptr_t)s,
	};
	int ret = do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM, &p);

	if (size_out)
		*size_out = p.size;
	return ret;
}

static int set_sseu(uint32_t id, struct drm_i915_gem_context_param_sseu *s)
{
	return setparam(id, I915_CONTEXT_PARAM_SSEU, sizeof(*s), (uintptr_t)s);
}

/* i915's intel_sseu_from_device_info(), from the platform row. */
static void check_device_sseu(const struct drm_i915_gem_context_param_sseu *s)
{
	igt_assert_eq_u64(s->slice_mask, dev.plat->slice_mask);
	igt_assert_eq_u64(s->subslice_mask, dev.plat->subslice_mask & 0xff);
	igt_assert_eq_u32(s->min_eus_per_subslice, dev.plat->max_eus_per_subslice);
	igt_assert_eq_u32(s->max_eus_per_subslice, dev.plat->max_eus_per_subslice);
}

static void test_sseu(void)
{
	struct drm_i915_gem_context_param_sseu s = { .engine = rcs0 }, t;
	struct engines m = {};
	uint32_t id, size;

	igt_assert_eq(get_sseu(0, &s, 0, &size), 0);
	igt_assert_eq_u32(size, sizeof(s));
	igt_assert_eq(get_sseu(0, &s, 8, NULL), -EINVAL);
	igt_assert_eq(get_sseu(0, (void *)8, sizeof(s), NULL), -EFAULT);
	igt_assert_eq(get_sseu(0, &s, sizeof(s), &size), 0);
	igt_assert_eq_u32(size, sizeof(s));
	check_device_sseu(&s);
	/* Another class's engine has the device's configuration too. */
	t = s;
	t.engine = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_COPY, 0 };
	igt_assert_eq(get_sseu(0, &t, sizeof(t), NULL), 0);
	check_device_sseu(&t);
	t.engine = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_RENDER, 1 };
	igt_assert_eq(get_sseu(0, &t, sizeof(t), NULL), -EINVAL);
	t = s;
	t.rsvd = 1;
	igt_assert_eq(get_sseu(0, &t, sizeof(t), NULL), -EINVAL);
	t = s;
	t.flags = 2;
	igt_assert_eq(get_sseu(0, &t, sizeof(t), NULL), -EINVAL);
	t.flags = I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX;
	igt_assert_eq(get_sseu(0, &t, sizeof(t), NULL), -EINVAL);

	/* With an engine map, by index. */
	id = ctx_create();
	m.e[0] = hole;
	m.e[1] = rcs0;
	igt_assert_eq(set_engines(id, &m, 2, 0), 0);
	t = s;
	t.flags = I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX;
	t.engine.engine_instance = 1;
	igt_assert_eq(get_sseu(id, &t, sizeof(t), NULL), 0);
	check_device_sseu(&t);
	t.engine.engine_instance = 0;
	igt_assert_eq(get_sseu(id, &t, sizeof(t), NULL), -EINVAL);
	t.engine.engine_instance = 2;
	igt_assert_eq(get_sseu(id, &t, sizeof(t), NULL), -EINVAL);
	t = s;
	igt_assert_eq(get_sseu(id, &t, sizeof(t), NULL), -EINVAL);
	igt_assert_eq(ctx_destroy(id), 0);

	/* Setting: Gen11 only; the size is checked first. */
	t = s;
	igt_assert_eq(setparam(0, I915_CONTEXT_PARAM_SSEU, 8, (uintptr_t)&t), -EINVAL);
	if (dev.plat->graphics_ver != 11) {
		igt_assert_eq(set_sseu(0, &t), -ENODEV);
		return;
	}
	igt_assert_eq(set_sseu(0, &t), 0);
	t.slice_mask = 0;
	igt_assert_eq(set_sseu(0, &t), -EINVAL);
	t = s;
	t.min_eus_per_subslice = t.max_eus_per_subslice + 1;
	igt_assert_eq(set_sseu(0, &t), -EINVAL);
	t = s;
	t.subslice_mask = 0x100;
	igt_assert_eq(set_sseu(0, &t), -EINVAL);
	t = s;
	t.engine = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_COPY, 0 };
	igt_assert_eq(set_sseu(0, &t), -ENODEV);
	/* Gen11: every EU, and all or half of one slice's subslices. */
	t = s;
	t.min_eus_per_subslice = 1;
	igt_assert_eq(set_sseu(0, &t), -EINVAL);
	t = s;
	t.subslice_mask = s.subslice_mask >> (__builtin_popcountll(s.subslice_mask) / 2);
	igt_assert_eq(set_sseu(0, &t), 0);
	memset(&t, 0, sizeof(t));
	t.engine = rcs0;
	igt_assert_eq(get_sseu(0, &t, sizeof(t), NULL), 0);
	igt_assert_eq_u64(t.subslice_mask,
			  s.subslice_mask >> (__builtin_popcountll(s.subslice_mask) / 2));
	/* On a proto-context another class is EINVAL, not ENODEV. */
	id = ctx_create();
	t = s;
	t.engine = (struct i915_engine_class_instance){ I915_ENGINE_CLASS_COPY, 0 };
	igt_assert_eq(set_sseu(id, &t), -EINVAL);
	igt_assert_eq(ctx_destroy(id), 0);
}

/* ---- files ---- */

static void test_per_file(void)
{
	uint32_t id = ctx_create();
	uint64_t v;
	char node[64];
	int fd2, saved;

	snprintf(node, sizeof(node), "/dev/dri/card%d", dev.card);
	fd2 = open(node, O_RDWR | O_CLOEXEC);
	igt_assert(fd2 >= 0);
	saved = dev.drm_fd;
	dev.drm_fd = fd2;
	/* Another file has its own table: only its default context. */
	igt_assert_eq(getparam(id, I915_CONTEXT_PARAM_BANNABLE, &v), -ENOENT);
	igt_assert_eq(getparam(0, I915_CONTEXT_PARAM_BANNABLE, &v), 0);
	dev.drm_fd = saved;
	close(fd2);
	igt_assert_eq(ctx_destroy(id), 0);
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("CONTEXT_CREATE(_EXT) gives distinct ids from 1; unknown flags EINVAL, SINGLE_TIMELINE EINVAL before Gen8, extensions read only with USE_EXTENSIONS (EFAULT, CLONE EINVAL, SETPARAM with a ctx_id EINVAL); DESTROY of 0, a destroyed or unknown id ENOENT, pad EINVAL.");
	igt_subtest("create-destroy")
		test_create_destroy();

	igt_describe("GETPARAM defaults (bannable, recoverable, persistent, priority 0, i915's GTT size) and SETPARAM of every parameter on the default context, a proto-context and a used one, with i915's errnos (size EINVAL, priority and non-persistence ENODEV, unbannable EPERM unprivileged).");
	igt_subtest("params")
		test_params();

	igt_describe("GEM_VM_CREATE/DESTROY (ENODEV on Gen6/7; flags and extensions EINVAL, bad chains EFAULT, unknown ids ENOENT) and I915_CONTEXT_PARAM_VM: a proto-context takes a VM of the file, a used one not; GETPARAM names the VM under a new id.");
	igt_subtest("vm")
		test_vm();

	igt_describe("I915_CONTEXT_PARAM_ENGINES on a proto-context: sizes, holes, unknown engines ENOENT, load balancing, bonding ENODEV, parallel submission's checks, set twice or after use EINVAL.");
	igt_subtest("engines")
		test_engines();

	igt_describe("I915_CONTEXT_PARAM_SSEU: GETPARAM gives the platform row's configuration for any engine, by class or by map index, with i915's errnos; SETPARAM is Gen11's, with its power-gating rules.");
	igt_subtest("sseu")
		test_sseu();

	igt_describe("Each DRM file has its own contexts.");
	igt_subtest("per-file")
		test_per_file();

	igt_fixture
		oa_dev_close(&dev);
}
