// SPDX-License-Identifier: GPL-2.0
/*
 * The GEM object ioctls with i915's arguments, checks and errnos.
 */

#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mman.h>
#include <linux/nospec.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: GEM ioctls
 *
 * Each handler checks its arguments in the order i915's does and fails
 * with i915's errno (the function each follows is named above it), so a
 * client that probes for a feature by its errno sees what it would on
 * i915. Documentation/gem.rst lists the ioctls and where the driver
 * differs from i915: system memory only, linear objects only, no fences
 * yet.
 */

static int publish(struct intel_oa_gem_object *obj, struct drm_file *file,
		   u64 *size, u32 *handle)
{
	u64 bytes = obj->base.size;
	int ret;

	ret = drm_gem_handle_create(file, &obj->base, handle);
	/* The handle holds the object now. */
	intel_oa_gem_put(obj);
	if (ret)
		return ret;
	*size = bytes;
	return 0;
}

static struct intel_oa_gem_client *file_client(struct drm_file *file)
{
	return ((struct intel_oa_file *)file->driver_priv)->gem;
}

/**
 * intel_oa_gem_create_ioctl - DRM_IOCTL_I915_GEM_CREATE
 * @dev: DRM device
 * @data: struct drm_i915_gem_create
 * @file: DRM file
 *
 * i915_gem_create_ioctl().
 *
 * Return: 0, -EINVAL (size 0), -ENOMEM (past the client's limit).
 */
int intel_oa_gem_create_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file)
{
	struct drm_i915_gem_create *args = data;
	struct intel_oa_gem_object *obj;

	obj = intel_oa_gem_create(to_intel_oa(dev), file_client(file),
				  args->size);
	if (IS_ERR(obj))
		return PTR_ERR(obj);
	return publish(obj, file, &args->size, &args->handle);
}

/* What the create_ext extensions asked for (i915's struct create_ext). */
struct create_ext {
	struct intel_oa_device *oa;
	unsigned int n_placements;
	bool protected;
	int pat_index;
};

/* i915's INTEL_REGION_UNKNOWN: the most regions a device can have. */
#define I915_MAX_REGIONS	7

/*
 * i915 set_placements(): the device has one region, system memory
 * (class 0, instance 0), so any other region is missing and a second
 * system entry is a duplicate.
 */
static int ext_set_placements(struct i915_user_extension __user *base,
			      void *data)
{
	struct drm_i915_gem_create_ext_memory_regions ext;
	struct drm_i915_gem_memory_class_instance __user *uregions;
	struct drm_i915_gem_memory_class_instance region;
	struct create_ext *ext_data = data;
	bool system = false;
	u32 i;

	if (copy_from_user(&ext, base, sizeof(ext)))
		return -EFAULT;
	if (ext.pad || !ext.num_regions || ext.num_regions > I915_MAX_REGIONS)
		return -EINVAL;

	uregions = u64_to_user_ptr(ext.regions);
	for (i = 0; i < ext.num_regions; i++) {
		if (copy_from_user(&region, &uregions[i], sizeof(region)))
			return -EFAULT;
		if (region.memory_class != I915_MEMORY_CLASS_SYSTEM ||
		    region.memory_instance || system) {
			drm_dbg(&ext_data->oa->drm,
				"memory region { class: %u, inst: %u } at %u: missing or duplicate\n",
				region.memory_class, region.memory_instance, i);
			return -EINVAL;
		}
		system = true;
	}
	/* Placements given twice in the chain. */
	if (ext_data->n_placements)
		return -EINVAL;
	ext_data->n_placements = ext.num_regions;
	return 0;
}

/* i915 ext_set_protected(): the device has no PXP. */
static int ext_set_protected(struct i915_user_extension __user *base,
			     void *data)
{
	struct drm_i915_gem_create_ext_protected_content ext;

	if (copy_from_user(&ext, base, sizeof(ext)))
		return -EFAULT;
	if (ext.flags)
		return -EINVAL;
	return -ENODEV;
}

/* i915 ext_set_pat(): graphics IP 12.70 on, PAT indexes 0..4 (MTL). */
#define MTL_MAX_PAT_INDEX	4

static int ext_set_pat(struct i915_user_extension __user *base, void *data)
{
	struct create_ext *ext_data = data;
	struct drm_i915_gem_create_ext_set_pat ext;
	const struct intel_oa_gen_desc *gen = ext_data->oa->gen;

	if (gen->graphics_ver < 12 ||
	    (gen->graphics_ver == 12 && gen->graphics_rel < 70))
		return -ENODEV;
	if (copy_from_user(&ext, base, sizeof(ext)))
		return -EFAULT;
	if (ext.pat_index > MTL_MAX_PAT_INDEX)
		return -EINVAL;
	ext_data->pat_index = ext.pat_index;
	return 0;
}

static const intel_oa_user_extension_fn create_extensions[] = {
	[I915_GEM_CREATE_EXT_MEMORY_REGIONS] = ext_set_placements,
	[I915_GEM_CREATE_EXT_PROTECTED_CONTENT] = ext_set_protected,
	[I915_GEM_CREATE_EXT_SET_PAT] = ext_set_pat,
};

/**
 * intel_oa_gem_create_ext_ioctl - DRM_IOCTL_I915_GEM_CREATE_EXT
 * @dev: DRM device
 * @data: struct drm_i915_gem_create_ext
 * @file: DRM file
 *
 * i915_gem_create_ext_ioctl().
 *
 * Return: 0, -EINVAL (unknown flag or extension, a region the device does
 * not have, NEEDS_CPU_ACCESS with one region, size 0), -ENODEV
 * (protected content; SET_PAT before 12.70), -E2BIG (over 512
 * extensions), -EFAULT, -ENOMEM.
 */
int intel_oa_gem_create_ext_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_create_ext *args = data;
	struct create_ext ext_data = { .oa = oa, .pat_index = -1 };
	struct intel_oa_gem_object *obj;
	int ret;

	if (args->flags & ~I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS)
		return -EINVAL;

	ret = intel_oa_user_extensions(u64_to_user_ptr(args->extensions),
				       create_extensions,
				       ARRAY_SIZE(create_extensions), &ext_data);
	if (ret)
		return ret;

	/* Spilling to system memory needs two placements (i915). */
	if (args->flags & I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS)
		return -EINVAL;

	obj = intel_oa_gem_create(oa, file_client(file), args->size);
	if (IS_ERR(obj))
		return PTR_ERR(obj);
	if (ext_data.pat_index >= 0) {
		obj->pat_index = ext_data.pat_index;
		obj->pat_set_by_user = true;
	}
	return publish(obj, file, &args->size, &args->handle);
}

/**
 * intel_oa_gem_mmap_offset_ioctl - DRM_IOCTL_I915_GEM_MMAP_OFFSET (and
 *	DRM_IOCTL_I915_GEM_MMAP_GTT, its first 16 bytes)
 * @dev: DRM device
 * @data: struct drm_i915_gem_mmap_offset
 * @file: DRM file
 *
 * i915_gem_mmap_offset_ioctl() and __assign_mmap_offset(): @pad and
 * @offset are not checked (i915 never did); a discrete GPU's objects take
 * only FIXED, an integrated one's everything but FIXED.
 *
 * Return: 0, -EINVAL (unknown type, bad extension), -ENODEV (a type the
 * device's objects do not have), -ENOENT (no such handle), -ENOMEM.
 */
int intel_oa_gem_mmap_offset_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_mmap_offset *args = data;
	struct intel_oa_gem_object *obj;
	enum intel_oa_mmap_type type;
	bool fixed = false;
	int ret;

	ret = intel_oa_user_extensions(u64_to_user_ptr(args->extensions),
				       NULL, 0, NULL);
	if (ret)
		return ret;

	switch (args->flags) {
	case I915_MMAP_OFFSET_GTT:
		/* A discrete GPU has no mappable aperture. */
		if (oa->gen->dgfx)
			return -ENODEV;
		type = INTEL_OA_MMAP_GTT;
		break;
	case I915_MMAP_OFFSET_WC:
		type = INTEL_OA_MMAP_WC;
		break;
	case I915_MMAP_OFFSET_WB:
		type = INTEL_OA_MMAP_WB;
		break;
	case I915_MMAP_OFFSET_UC:
		type = INTEL_OA_MMAP_UC;
		break;
	case I915_MMAP_OFFSET_FIXED:
		/* System memory objects of a discrete GPU map cached. */
		type = INTEL_OA_MMAP_WB;
		fixed = true;
		break;
	default:
		return -EINVAL;
	}

	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	/* i915: TTM objects (discrete) take only FIXED, shmem ones not it. */
	if (fixed != oa->gen->dgfx)
		ret = -ENODEV;
	else
		ret = intel_oa_gem_mmap_offset(obj, type, file, &args->offset);
	intel_oa_gem_put(obj);
	return ret;
}

/**
 * intel_oa_gem_mmap_ioctl - DRM_IOCTL_I915_GEM_MMAP
 * @dev: DRM device
 * @data: struct drm_i915_gem_mmap
 * @file: DRM file
 *
 * i915_gem_mmap_ioctl(): maps the object's shmem file into the caller.
 *
 * Return: 0, -EOPNOTSUPP (discrete, or graphics IP after 12.0), -EINVAL
 * (unknown flag, a range outside the object), -ENOENT, or vm_mmap()'s
 * error.
 */
int intel_oa_gem_mmap_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_mmap *args = data;
	struct intel_oa_gem_object *obj;
	struct vm_area_struct *vma;
	struct mm_struct *mm;
	unsigned long addr;

	if (oa->gen->no_gem_cpu_ioctls)
		return -EOPNOTSUPP;
	if (args->flags & ~I915_MMAP_WC)
		return -EINVAL;

	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;

	if (args->offset > obj->base.size ||
	    args->size > obj->base.size - args->offset) {
		addr = -EINVAL;
		goto out;
	}

	addr = vm_mmap(obj->base.filp, 0, args->size, PROT_READ | PROT_WRITE,
		       MAP_SHARED, args->offset);
	if (IS_ERR_VALUE(addr) || !(args->flags & I915_MMAP_WC))
		goto out;

	mm = current->mm;
	if (mmap_write_lock_killable(mm)) {
		addr = -EINTR;
		goto out;
	}
	vma = find_vma(mm, addr);
	if (vma && vma->vm_file == obj->base.filp && vma->vm_start == addr &&
	    vma->vm_end - vma->vm_start == PAGE_ALIGN(args->size))
		vma->vm_page_prot =
			pgprot_writecombine(vm_get_page_prot(vma->vm_flags));
	else
		addr = -ENOMEM;
	mmap_write_unlock(mm);
out:
	intel_oa_gem_put(obj);
	if (IS_ERR_VALUE(addr))
		return (long)addr;
	args->addr_ptr = addr;
	return 0;
}

/* i915_gem_pread_ioctl() and i915_gem_pwrite_ioctl(). */
static int gem_rw(struct drm_device *dev, struct drm_i915_gem_pread *args,
		  struct drm_file *file, bool write)
{
	char __user *user = u64_to_user_ptr(args->data_ptr);
	struct intel_oa_gem_object *obj;
	int ret;

	if (to_intel_oa(dev)->gen->no_gem_cpu_ioctls)
		return -EOPNOTSUPP;
	if (!args->size)
		return 0;
	if (!access_ok(user, args->size))
		return -EFAULT;
	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	if (args->offset > obj->base.size ||
	    args->size > obj->base.size - args->offset) {
		ret = -EINVAL;
	} else {
		/* A write waits for readers too; a read for the writer. */
		ret = intel_oa_gem_wait(obj, MAX_SCHEDULE_TIMEOUT, write);
		if (!ret)
			ret = intel_oa_gem_rw(obj, args->offset, user,
					      args->size, write);
	}
	intel_oa_gem_put(obj);
	return ret;
}

/**
 * intel_oa_gem_pread_ioctl - DRM_IOCTL_I915_GEM_PREAD
 * @dev: DRM device
 * @data: struct drm_i915_gem_pread
 * @file: DRM file
 *
 * Return: 0 (nothing to do for size 0), -EOPNOTSUPP (discrete, or
 * graphics IP after 12.0), -EFAULT, -ENOENT, -EINVAL (a range outside
 * the object), -ERESTARTSYS.
 */
int intel_oa_gem_pread_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file)
{
	return gem_rw(dev, data, file, false);
}

/**
 * intel_oa_gem_pwrite_ioctl - DRM_IOCTL_I915_GEM_PWRITE
 * @dev: DRM device
 * @data: struct drm_i915_gem_pwrite
 * @file: DRM file
 *
 * Return: as intel_oa_gem_pread_ioctl().
 */
int intel_oa_gem_pwrite_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file)
{
	BUILD_BUG_ON(sizeof(struct drm_i915_gem_pread) !=
		     sizeof(struct drm_i915_gem_pwrite));
	return gem_rw(dev, data, file, true);
}

#define GPU_DOMAINS	(I915_GEM_DOMAIN_RENDER | I915_GEM_DOMAIN_SAMPLER | \
			 I915_GEM_DOMAIN_COMMAND | I915_GEM_DOMAIN_INSTRUCTION | \
			 I915_GEM_DOMAIN_VERTEX)

/**
 * intel_oa_gem_set_domain_ioctl - DRM_IOCTL_I915_GEM_SET_DOMAIN
 * @dev: DRM device
 * @data: struct drm_i915_gem_set_domain
 * @file: DRM file
 *
 * i915_gem_set_domain_ioctl(): waits for the GPU (for the writer only
 * when reading) and pins the pages, so the CPU sees what the GPU wrote.
 *
 * Return: 0, -ENODEV (discrete), -EINVAL (a GPU domain, or a write domain
 * that is not the one read domain), -ENOENT, -ERESTARTSYS, or the page
 * allocation's error.
 */
int intel_oa_gem_set_domain_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file)
{
	struct drm_i915_gem_set_domain *args = data;
	u32 read_domains = args->read_domains;
	u32 write_domain = args->write_domain;
	struct intel_oa_gem_object *obj;
	int ret;

	if (to_intel_oa(dev)->gen->dgfx)
		return -ENODEV;
	if ((write_domain | read_domains) & GPU_DOMAINS)
		return -EINVAL;
	if (write_domain && read_domains != write_domain)
		return -EINVAL;
	if (!read_domains)
		return 0;

	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	ret = intel_oa_gem_wait(obj, MAX_SCHEDULE_TIMEOUT, write_domain);
	if (!ret)
		ret = intel_oa_gem_pin_pages(obj);
	intel_oa_gem_put(obj);
	return ret;
}

/* Jiffies that wait at least @ns, never past MAX_JIFFY_OFFSET (i915). */
static long ns_to_wait_jiffies(u64 ns)
{
	if ((NSEC_PER_SEC % HZ) != 0 &&
	    div_u64(ns, NSEC_PER_SEC) >= MAX_JIFFY_OFFSET / HZ)
		return MAX_JIFFY_OFFSET;
	return min_t(u64, MAX_JIFFY_OFFSET, nsecs_to_jiffies64(ns) + 1);
}

/**
 * intel_oa_gem_wait_ioctl - DRM_IOCTL_I915_GEM_WAIT
 * @dev: DRM device
 * @data: struct drm_i915_gem_wait
 * @file: DRM file
 *
 * i915_gem_wait_ioctl(): a negative timeout waits for ever, 0 only looks;
 * a positive one is given back reduced by the time waited.
 *
 * Return: 0 (idle), -ETIME (busy when the time ran out), -EAGAIN (busy
 * with time left below the scheduler's precision), -EINVAL (flags),
 * -ENOENT, -ERESTARTSYS.
 */
int intel_oa_gem_wait_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	struct drm_i915_gem_wait *args = data;
	struct intel_oa_gem_object *obj;
	long timeout;
	ktime_t start;
	int ret;

	if (args->flags)
		return -EINVAL;
	obj = intel_oa_gem_lookup(file, args->bo_handle);
	if (!obj)
		return -ENOENT;

	if (args->timeout_ns < 0)
		timeout = MAX_SCHEDULE_TIMEOUT;
	else if (!args->timeout_ns)
		timeout = 0;
	else
		timeout = ns_to_wait_jiffies(args->timeout_ns);

	start = ktime_get();
	ret = intel_oa_gem_wait(obj, timeout, true);
	if (args->timeout_ns > 0) {
		args->timeout_ns -= ktime_to_ns(ktime_sub(ktime_get(), start));
		if (args->timeout_ns < 0)
			args->timeout_ns = 0;
		if (ret == -ETIME && !nsecs_to_jiffies(args->timeout_ns))
			args->timeout_ns = 0;
		/* Time left that the scheduler could not wait: try again. */
		if (ret == -ETIME && args->timeout_ns)
			ret = -EAGAIN;
	}
	intel_oa_gem_put(obj);
	return ret;
}

/**
 * intel_oa_gem_busy_ioctl - DRM_IOCTL_I915_GEM_BUSY
 * @dev: DRM device
 * @data: struct drm_i915_gem_busy
 * @file: DRM file
 *
 * Return: 0 or -ENOENT.
 */
int intel_oa_gem_busy_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	struct drm_i915_gem_busy *args = data;
	struct intel_oa_gem_object *obj;

	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	args->busy = intel_oa_gem_busy(obj);
	intel_oa_gem_put(obj);
	return 0;
}

/* Graphics IP 12.70 on: caching is the PAT index's (i915). */
static bool caching_by_pat(struct intel_oa_device *oa)
{
	return oa->gen->graphics_ver > 12 ||
	       (oa->gen->graphics_ver == 12 && oa->gen->graphics_rel >= 70);
}

/**
 * intel_oa_gem_set_caching_ioctl - DRM_IOCTL_I915_GEM_SET_CACHING
 * @dev: DRM device
 * @data: struct drm_i915_gem_caching
 * @file: DRM file
 *
 * i915_gem_set_caching_ioctl(): NONE is uncached, CACHED goes through the
 * LLC or snoops (every part here has one or the other), DISPLAY is
 * write-through where i915 finds eDRAM (HAS_WT) and uncached elsewhere;
 * the driver reads no eDRAM capability, so DISPLAY is uncached.
 *
 * Return: 0, -ENODEV (discrete), -EOPNOTSUPP (graphics IP 12.70 on),
 * -EINVAL (unknown mode), -ENOENT.
 */
int intel_oa_gem_set_caching_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_caching *args = data;
	struct intel_oa_gem_object *obj;
	bool cached;

	if (oa->gen->dgfx)
		return -ENODEV;
	if (caching_by_pat(oa))
		return -EOPNOTSUPP;
	switch (args->caching) {
	case I915_CACHING_NONE:
	case I915_CACHING_DISPLAY:
		cached = false;
		break;
	case I915_CACHING_CACHED:
		cached = true;
		break;
	default:
		return -EINVAL;
	}
	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	WRITE_ONCE(obj->cached, cached);
	intel_oa_gem_put(obj);
	return 0;
}

/**
 * intel_oa_gem_get_caching_ioctl - DRM_IOCTL_I915_GEM_GET_CACHING
 * @dev: DRM device
 * @data: struct drm_i915_gem_caching
 * @file: DRM file
 *
 * i915_gem_get_caching_ioctl().
 *
 * Return: 0, -ENODEV (discrete), -ENOENT, -EOPNOTSUPP (the object's PAT
 * index was given at creation).
 */
int intel_oa_gem_get_caching_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file)
{
	struct drm_i915_gem_caching *args = data;
	struct intel_oa_gem_object *obj;
	int ret = 0;

	if (to_intel_oa(dev)->gen->dgfx)
		return -ENODEV;
	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	if (obj->pat_set_by_user)
		ret = -EOPNOTSUPP;
	else
		args->caching = READ_ONCE(obj->cached) ? I915_CACHING_CACHED :
							 I915_CACHING_NONE;
	intel_oa_gem_put(obj);
	return ret;
}

/**
 * intel_oa_gem_get_aperture_ioctl - DRM_IOCTL_I915_GEM_GET_APERTURE
 * @dev: DRM device
 * @data: struct drm_i915_gem_get_aperture
 * @file: DRM file
 *
 * The GGTT's size, and what of it the driver has not reserved (the OA
 * buffers' ranges), as i915 gives its size less what is pinned.
 *
 * Return: 0.
 */
int intel_oa_gem_get_aperture_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_get_aperture *args = data;

	args->aper_size = oa->ggtt.size;
	args->aper_available_size = oa->ggtt.size -
				    intel_oa_ggtt_reserved_bytes(oa);
	return 0;
}

/**
 * intel_oa_gem_set_tiling_ioctl - DRM_IOCTL_I915_GEM_SET_TILING
 * @dev: DRM device
 * @data: struct drm_i915_gem_set_tiling
 * @file: DRM file
 *
 * i915_gem_set_tiling_ioctl() for linear objects: I915_TILING_NONE sets
 * stride and swizzle to 0. X and Y tiling are not implemented: EOPNOTSUPP,
 * i915's answer where the GGTT has no fences.
 *
 * Return: 0, -EOPNOTSUPP (discrete: no fences; X or Y tiling), -ENOENT,
 * -EINVAL (a tiling mode past I915_TILING_LAST).
 */
int intel_oa_gem_set_tiling_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file)
{
	struct drm_i915_gem_set_tiling *args = data;
	struct intel_oa_gem_object *obj;
	int ret = 0;

	if (to_intel_oa(dev)->gen->dgfx)
		return -EOPNOTSUPP;
	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	if (args->tiling_mode > I915_TILING_LAST) {
		ret = -EINVAL;
	} else if (args->tiling_mode != I915_TILING_NONE) {
		ret = -EOPNOTSUPP;
	} else {
		args->stride = 0;
		args->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
	}
	intel_oa_gem_put(obj);
	return ret;
}

/**
 * intel_oa_gem_get_tiling_ioctl - DRM_IOCTL_I915_GEM_GET_TILING
 * @dev: DRM device
 * @data: struct drm_i915_gem_get_tiling
 * @file: DRM file
 *
 * Return: 0 (linear, no swizzling), -EOPNOTSUPP (discrete), -ENOENT.
 */
int intel_oa_gem_get_tiling_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file)
{
	struct drm_i915_gem_get_tiling *args = data;
	struct intel_oa_gem_object *obj;

	if (to_intel_oa(dev)->gen->dgfx)
		return -EOPNOTSUPP;
	obj = intel_oa_gem_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	args->tiling_mode = I915_TILING_NONE;
	args->swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
	args->phys_swizzle_mode = I915_BIT_6_SWIZZLE_NONE;
	intel_oa_gem_put(obj);
	return 0;
}

/**
 * intel_oa_gem_open - set up a DRM file's GEM state: client, contexts
 * @dev: DRM device
 * @file: the new file
 *
 * Return: 0 or -ENOMEM.
 */
int intel_oa_gem_open(struct drm_device *dev, struct drm_file *file)
{
	struct intel_oa_file *priv;
	int ret;

	priv = kzalloc(sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->gem = intel_oa_gem_client_create();
	if (!priv->gem) {
		kfree(priv);
		return -ENOMEM;
	}
	ret = intel_oa_gem_contexts_open(to_intel_oa(dev), priv);
	if (ret) {
		intel_oa_gem_client_put(priv->gem);
		kfree(priv);
		return ret;
	}
	file->driver_priv = priv;
	return 0;
}

/**
 * intel_oa_gem_postclose - free a DRM file's GEM state
 * @dev: DRM device
 * @file: the file, whose handles are closed
 */
void intel_oa_gem_postclose(struct drm_device *dev, struct drm_file *file)
{
	struct intel_oa_file *priv = file->driver_priv;

	intel_oa_gem_contexts_close(priv);
	intel_oa_gem_client_put(priv->gem);
	kfree(priv);
}
