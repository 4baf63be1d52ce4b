// SPDX-License-Identifier: GPL-2.0
/*
 * GETPARAM, QUERY, GEM_THROTTLE and REG_READ ioctls.
 */

#include <linux/bitops.h>
#include <linux/overflow.h>
#include <linux/nospec.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"

/*
 * Perf uAPI revision (i915_perf_ioctl_version()): 1 ENABLE/DISABLE,
 * 2 CONFIG, 3 HOLD_PREEMPTION, 4 GLOBAL_SSEU, 5 POLL_OA_PERIOD,
 * 6 OA_ENGINE_CLASS/INSTANCE, 7 the video classes choose Meteor Lake's
 * OAM. Like i915, every platform reports the same revision.
 */
#define INTEL_OA_PERF_REVISION	7

static int topology_subslice_total(const struct intel_oa_topology *t)
{
	unsigned int s;
	int total = 0;

	for (s = 0; s < t->max_slices; s++)
		total += hweight32(t->subslice_mask[s]);
	return total;
}

static int topology_eu_total(const struct intel_oa_topology *t)
{
	unsigned int i;
	int total = 0;

	for (i = 0; i < t->max_slices * t->max_subslices; i++)
		total += hweight16(t->eu_mask[i]);
	return total;
}

/**
 * intel_oa_getparam_ioctl - DRM_IOCTL_I915_GETPARAM
 * @dev: DRM device
 * @data: struct drm_i915_getparam
 * @file: DRM file
 *
 * Return: 0, -EINVAL for an unknown parameter, -ENODEV, -EFAULT.
 */
int intel_oa_getparam_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_getparam *param = data;
	int value;

	switch (param->param) {
	case I915_PARAM_CHIPSET_ID:
		value = oa->pdev->device;
		break;
	case I915_PARAM_REVISION:
		value = oa->pdev->revision;
		break;
	case I915_PARAM_CS_TIMESTAMP_FREQUENCY:
		value = oa->timestamp_freq;
		if (!value)
			return -ENODEV;
		break;
	case I915_PARAM_OA_TIMESTAMP_FREQUENCY:
		value = oa->oa_timestamp_freq;
		if (!value)
			return -ENODEV;
		break;
	case I915_PARAM_PERF_REVISION:
		value = INTEL_OA_PERF_REVISION;
		break;
	case I915_PARAM_HAS_GEM:
	case I915_PARAM_HAS_WAIT_TIMEOUT:
		value = 1;
		break;
	case I915_PARAM_HAS_EXECBUF2:
	case I915_PARAM_HAS_EXEC_NO_RELOC:
	case I915_PARAM_HAS_EXEC_HANDLE_LUT:
	case I915_PARAM_HAS_EXEC_SOFTPIN:
	case I915_PARAM_HAS_EXEC_BATCH_FIRST:
		/* Only where batches run (see "execbuf"). */
		if (!oa->submit)
			return -EINVAL;
		value = 1;
		break;
	case I915_PARAM_HAS_ALIASING_PPGTT:
		/*
		 * i915's INTEL_PPGTT(): 2 (INTEL_PPGTT_FULL) where contexts
		 * have their own PPGTT (Gen8/9 execlists), 0 (none) on Gen6/7.
		 */
		if (!oa->submit)
			return -EINVAL;
		value = oa->el ? 2 : 0;
		break;
	case I915_PARAM_HAS_SECURE_BATCHES:
	case I915_PARAM_HAS_EXEC_FENCE:
		/* No secure batches, no in-fences (out only). */
		if (!oa->submit)
			return -EINVAL;
		value = 0;
		break;
	case I915_PARAM_HAS_LLC:
		value = intel_oa_gem_has_llc(oa);
		break;
	case I915_PARAM_HAS_WT:
		/* i915's HAS_WT() is eDRAM, which the driver does not read. */
		value = 0;
		break;
	case I915_PARAM_MMAP_VERSION:
		/* DRM_I915_GEM_MMAP with I915_MMAP_WC. */
		value = 1;
		break;
	case I915_PARAM_MMAP_GTT_VERSION:
		/* 4: one offset per mapping kind (GEM_MMAP_OFFSET), as i915. */
		value = 4;
		break;
	case I915_PARAM_SUBSLICE_TOTAL:
		value = topology_subslice_total(&oa->topo);
		if (!value)
			return -ENODEV;
		break;
	case I915_PARAM_EU_TOTAL:
		value = topology_eu_total(&oa->topo);
		if (!value)
			return -ENODEV;
		break;
	case I915_PARAM_SLICE_MASK:
		value = oa->topo.slice_mask;
		if (!value)
			return -ENODEV;
		break;
	case I915_PARAM_SUBSLICE_MASK:
		/* Slice 0's subslices, as i915. */
		value = oa->topo.subslice_mask[0];
		if (!value)
			return -ENODEV;
		break;
	default:
		drm_dbg(dev, "unknown parameter %d\n", param->param);
		return -EINVAL;
	}

	if (put_user(value, (int __user *)(uintptr_t)param->value))
		return -EFAULT;

	return 0;
}

/* i915 copy_query_item(): length 0 asks for the size. */
static int copy_query_item(void *hdr, size_t hdr_sz, u32 total_length,
			   struct drm_i915_query_item *item)
{
	if (item->length == 0)
		return total_length;

	if (item->length < total_length)
		return -EINVAL;

	if (copy_from_user(hdr, u64_to_user_ptr(item->data_ptr), hdr_sz))
		return -EFAULT;

	return 0;
}

static int query_topology_info(struct intel_oa_device *oa,
			       struct drm_i915_query_item *item)
{
	const struct intel_oa_topology *t = &oa->topo;
	u32 ss_stride = intel_oa_topology_ss_stride(t);
	u32 eu_stride = intel_oa_topology_eu_stride(t);
	struct drm_i915_query_topology_info topo;
	u32 slice_length, subslice_length, eu_length, total_length;
	u8 masks[1 + INTEL_OA_MAX_SLICES +
		 INTEL_OA_MAX_SLICES * INTEL_OA_MAX_SUBSLICES *
		 INTEL_OA_MAX_EU_STRIDE];
	u8 *ss_out, *eu_out;
	unsigned int i, b;
	int ret;

	if (item->flags != 0)
		return -EINVAL;

	/* i915 query_topology_info(): strides in bytes, masks LSB first. */
	slice_length = sizeof(t->slice_mask);
	subslice_length = t->max_slices * ss_stride;
	eu_length = t->max_slices * t->max_subslices * eu_stride;
	total_length = sizeof(topo) + slice_length + subslice_length +
		       eu_length;
	if (drm_WARN_ON(&oa->drm, slice_length + subslice_length + eu_length >
			sizeof(masks)))
		return -EINVAL;

	ret = copy_query_item(&topo, sizeof(topo), total_length, item);
	if (ret != 0)
		return ret;

	memset(&topo, 0, sizeof(topo));
	topo.max_slices = t->max_slices;
	topo.max_subslices = t->max_subslices;
	topo.max_eus_per_subslice = t->max_eus_per_subslice;
	topo.subslice_offset = slice_length;
	topo.subslice_stride = ss_stride;
	topo.eu_offset = slice_length + subslice_length;
	topo.eu_stride = eu_stride;

	memset(masks, 0, sizeof(masks));
	masks[0] = t->slice_mask;
	ss_out = masks + slice_length;
	for (i = 0; i < t->max_slices; i++)
		for (b = 0; b < ss_stride; b++)
			ss_out[i * ss_stride + b] =
				(u32)t->subslice_mask[i] >> (BITS_PER_BYTE * b);
	eu_out = ss_out + subslice_length;
	for (i = 0; i < t->max_slices * t->max_subslices; i++)
		for (b = 0; b < eu_stride; b++)
			eu_out[i * eu_stride + b] =
				(u32)t->eu_mask[i] >> (BITS_PER_BYTE * b);

	if (copy_to_user(u64_to_user_ptr(item->data_ptr), &topo, sizeof(topo)))
		return -EFAULT;
	if (copy_to_user(u64_to_user_ptr(item->data_ptr + sizeof(topo)), masks,
			 slice_length + subslice_length + eu_length))
		return -EFAULT;

	return total_length;
}

/*
 * i915's __setup_engine_capabilities() with every SFC fused in: HEVC on
 * the first video decode engine from Gen9 and on all from Gen11; an SFC
 * on VCS0 from Gen9 and on every even VCS from Gen11, and on each VECS
 * whose VCS pair (2i) is present.
 */
static u64 engine_capabilities(struct intel_oa_device *oa, unsigned int id)
{
	unsigned int ver = oa->gen->graphics_ver, inst = intel_oa_engine_phys_instance(id);
	u64 caps = 0;

	switch (intel_oa_engine_class(id)) {
	case I915_ENGINE_CLASS_VIDEO:
		if (ver >= 11 || (ver >= 9 && inst == 0))
			caps |= I915_VIDEO_CLASS_CAPABILITY_HEVC;
		if ((ver >= 11 && !(inst & 1)) || (ver >= 9 && inst == 0))
			caps |= I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
		break;
	case I915_ENGINE_CLASS_VIDEO_ENHANCE:
		if (ver >= 9 && (oa->platform->engines &
				 BIT(INTEL_OA_VCS0 + 2 * inst)))
			caps |= I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
		break;
	}
	return caps;
}

/* i915 query_engine_info(): by class, then instance, as i915 orders them. */
static int query_engine_info(struct intel_oa_device *oa,
			     struct drm_i915_query_item *item)
{
	struct drm_i915_query_engine_info __user *uquery =
		u64_to_user_ptr(item->data_ptr);
	struct drm_i915_engine_info __user *uinfo = &uquery->engines[0];
	unsigned long engines = oa->platform->engines;
	struct drm_i915_query_engine_info query;
	u16 next_instance[I915_ENGINE_CLASS_COMPUTE + 1] = {};
	unsigned int id;
	int len, ret;

	if (item->flags)
		return -EINVAL;

	len = struct_size(uquery, engines, hweight_long(engines));
	ret = copy_query_item(&query, sizeof(query), len, item);
	if (ret != 0)
		return ret;

	if (query.num_engines || query.rsvd[0] || query.rsvd[1] ||
	    query.rsvd[2])
		return -EINVAL;

	for_each_set_bit(id, &engines, INTEL_OA_NUM_ENGINES) {
		struct drm_i915_engine_info info = {};
		u8 class = intel_oa_engine_class(id);

		info.engine.engine_class = class;
		info.engine.engine_instance = next_instance[class];
		info.flags = I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE;
		info.capabilities = engine_capabilities(oa, id);
		info.logical_instance = next_instance[class]++;
		if (copy_to_user(uinfo++, &info, sizeof(info)))
			return -EFAULT;
		query.num_engines++;
	}

	if (copy_to_user(uquery, &query, sizeof(query)))
		return -EFAULT;
	return len;
}

/* i915 query_perf_config(): the metrics configs, see "metrics configs". */
static int query_perf_config(struct intel_oa_device *oa,
			     struct drm_i915_query_item *item)
{
	switch (item->flags) {
	case DRM_I915_QUERY_PERF_CONFIG_LIST:
		return intel_oa_config_query_list(oa, item);
	case DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_UUID:
		return intel_oa_config_query_data(oa, item, true);
	case DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID:
		return intel_oa_config_query_data(oa, item, false);
	default:
		return -EINVAL;
	}
}

/*
 * i915 query_memregion_info(): the one region objects live in, system
 * memory. The free size is shown to CAP_PERFMON callers only, as i915.
 */
static int query_memory_regions(struct intel_oa_device *oa,
				struct drm_i915_query_item *item)
{
	struct drm_i915_query_memory_regions __user *uq =
		u64_to_user_ptr(item->data_ptr);
	struct drm_i915_memory_region_info info = {};
	struct drm_i915_query_memory_regions query;
	u32 total = sizeof(query) + sizeof(info);
	struct sysinfo si;
	unsigned int i;
	int ret;

	if (item->flags)
		return -EINVAL;
	ret = copy_query_item(&query, sizeof(query), total, item);
	if (ret)
		return ret;
	if (query.num_regions)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(query.rsvd); i++)
		if (query.rsvd[i])
			return -EINVAL;

	si_meminfo(&si);
	info.region.memory_class = I915_MEMORY_CLASS_SYSTEM;
	info.probed_size = (u64)si.totalram * si.mem_unit;
	info.unallocated_size = perfmon_capable() ?
				(u64)si.freeram * si.mem_unit : info.probed_size;
	info.probed_cpu_visible_size = info.probed_size;
	info.unallocated_cpu_visible_size = info.unallocated_size;
	if (copy_to_user(&uq->regions[0], &info, sizeof(info)))
		return -EFAULT;
	query.num_regions = 1;
	if (copy_to_user(uq, &query, sizeof(query)))
		return -EFAULT;
	return total;
}

static int (* const query_funcs[])(struct intel_oa_device *oa,
				   struct drm_i915_query_item *item) = {
	query_topology_info,
	query_engine_info,
	query_perf_config,
	query_memory_regions,
};

/**
 * intel_oa_query_ioctl - DRM_IOCTL_I915_QUERY
 * @dev: DRM device
 * @data: struct drm_i915_query
 * @file: DRM file
 *
 * Per-item results go to each item's length, as in i915.
 *
 * Return: 0, -EINVAL or -EFAULT.
 */
int intel_oa_query_ioctl(struct drm_device *dev, void *data,
			 struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_query *args = data;
	struct drm_i915_query_item __user *user_item_ptr =
		u64_to_user_ptr(args->items_ptr);
	u32 i;

	if (args->flags != 0)
		return -EINVAL;

	for (i = 0; i < args->num_items; i++, user_item_ptr++) {
		struct drm_i915_query_item item;
		unsigned long func_idx;
		int ret;

		if (copy_from_user(&item, user_item_ptr, sizeof(item)))
			return -EFAULT;

		if (item.query_id == 0)
			return -EINVAL;

		func_idx = item.query_id - 1;

		ret = -EINVAL;
		if (func_idx < ARRAY_SIZE(query_funcs)) {
			func_idx = array_index_nospec(func_idx,
						      ARRAY_SIZE(query_funcs));
			ret = query_funcs[func_idx](oa, &item);
		}

		/* Only write the length back if it changed. */
		if (ret != item.length && put_user(ret, &user_item_ptr->length))
			return -EFAULT;
	}

	return 0;
}

/**
 * intel_oa_throttle_ioctl - DRM_IOCTL_I915_GEM_THROTTLE
 * @dev: DRM device
 * @data: unused
 * @file: DRM file
 *
 * Return: 0.
 */
int intel_oa_throttle_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	/*
	 * i915 waits here for the file's requests older than 20 ms; this
	 * driver does not throttle clients, so there is nothing to wait for.
	 */
	return 0;
}

/**
 * struct reg_whitelist - a register userspace may read with REG_READ
 * @offset_ldw: offset of the (low) dword.
 * @offset_udw: offset of the high dword for 8-byte registers.
 * @size: 4 or 8.
 */
struct reg_whitelist {
	u32 offset_ldw;
	u32 offset_udw;
	u8 size;
};

static const struct reg_whitelist reg_read_whitelist[] = {
	{
		.offset_ldw = RING_TIMESTAMP_RCS,
		.offset_udw = RING_TIMESTAMP_UDW_RCS,
		.size = 8,
	},
};

/**
 * intel_oa_reg_read_ioctl - DRM_IOCTL_I915_REG_READ
 * @dev: DRM device
 * @data: struct drm_i915_reg_read
 * @file: DRM file
 *
 * Return: 0, -EINVAL for a register outside the whitelist, -ENODEV after
 * the GPU was removed, -ETIMEDOUT if forcewake was not acknowledged.
 */
int intel_oa_reg_read_ioctl(struct drm_device *dev, void *data,
			    struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_reg_read *reg = data;
	const struct reg_whitelist *entry = reg_read_whitelist;
	unsigned int i;
	u32 flags;
	int ret, idx;

	for (i = 0; i < ARRAY_SIZE(reg_read_whitelist); i++, entry++) {
		if (entry->offset_ldw == (reg->offset & -(u64)entry->size))
			break;
	}
	if (i == ARRAY_SIZE(reg_read_whitelist))
		return -EINVAL;

	/* Low bits of the offset carry flags (naturally aligned regs). */
	flags = reg->offset & (entry->size - 1);

	/* BAR0 is unmapped once the PCI device is removed. */
	if (!drm_dev_enter(dev, &idx))
		return -ENODEV;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		goto out_exit;

	/*
	 * Both the plain 8-byte read and I915_REG_READ_8B_WA return the
	 * value assembled from two stable dword reads.
	 */
	if (entry->size == 8 && (flags == 0 || flags == I915_REG_READ_8B_WA))
		reg->val = intel_oa_read64_2x32(oa, entry->offset_ldw,
						entry->offset_udw);
	else if (entry->size == 4 && flags == 0)
		reg->val = intel_oa_read(oa, entry->offset_ldw);
	else
		ret = -EINVAL;
	/* All-ones from a device that just left the bus is no value. */
	if (!ret && intel_oa_device_gone(oa))
		ret = -ENODEV;

	intel_oa_forcewake_put(oa);
out_exit:
	drm_dev_exit(idx);
	return ret;
}
