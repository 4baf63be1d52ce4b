// SPDX-License-Identifier: GPL-2.0
/*
 * The GT's engines as the uAPI names them: class and instance.
 */

#include <linux/bitops.h>

#include "intel_oa.h"

/* Class and physical instance of each enum intel_oa_engine_id. */
static const struct {
	u8 class;
	u8 instance;
} engine_ids[INTEL_OA_NUM_ENGINES] = {
	[INTEL_OA_RCS0] = { I915_ENGINE_CLASS_RENDER, 0 },
	[INTEL_OA_BCS0] = { I915_ENGINE_CLASS_COPY, 0 },
	[INTEL_OA_VCS0] = { I915_ENGINE_CLASS_VIDEO, 0 },
	[INTEL_OA_VCS1] = { I915_ENGINE_CLASS_VIDEO, 1 },
	[INTEL_OA_VCS2] = { I915_ENGINE_CLASS_VIDEO, 2 },
	[INTEL_OA_VECS0] = { I915_ENGINE_CLASS_VIDEO_ENHANCE, 0 },
	[INTEL_OA_VECS1] = { I915_ENGINE_CLASS_VIDEO_ENHANCE, 1 },
	[INTEL_OA_CCS0] = { I915_ENGINE_CLASS_COMPUTE, 0 },
	[INTEL_OA_CCS1] = { I915_ENGINE_CLASS_COMPUTE, 1 },
	[INTEL_OA_CCS2] = { I915_ENGINE_CLASS_COMPUTE, 2 },
	[INTEL_OA_CCS3] = { I915_ENGINE_CLASS_COMPUTE, 3 },
};

/**
 * intel_oa_engine_class - an engine's class
 * @id: enum intel_oa_engine_id
 *
 * Return: its I915_ENGINE_CLASS_*.
 */
u8 intel_oa_engine_class(unsigned int id)
{
	return engine_ids[id].class;
}

/**
 * intel_oa_engine_phys_instance - an engine's physical instance
 * @id: enum intel_oa_engine_id
 *
 * Return: its instance among the engines of its class the architecture
 * defines (VCS2 is 2 even where VCS1 is fused off).
 */
u8 intel_oa_engine_phys_instance(unsigned int id)
{
	return engine_ids[id].instance;
}

/**
 * intel_oa_engine_uapi - an engine's uAPI class and instance
 * @oa: device that has the engine
 * @id: enum intel_oa_engine_id
 * @class: out: I915_ENGINE_CLASS_*
 * @instance: out: its instance as query_engine_info() numbers it
 */
void intel_oa_engine_uapi(struct intel_oa_device *oa, unsigned int id,
			  u8 *class, u8 *instance)
{
	unsigned long engines = oa->platform->engines;
	unsigned int e;

	*class = engine_ids[id].class;
	*instance = 0;
	for_each_set_bit(e, &engines, id)
		if (engine_ids[e].class == *class)
			(*instance)++;
}

/**
 * intel_oa_busy_init - an engine with no work yet
 * @b: its busy time
 */
void intel_oa_busy_init(struct intel_oa_busy *b)
{
	spin_lock_init(&b->lock);
	b->active = false;
	b->total = 0;
}

/**
 * intel_oa_busy_set - the engine has work from now on, or none
 * @b: its busy time
 * @active: whether it has work
 *
 * Any context, the hard interrupt handler included.
 */
void intel_oa_busy_set(struct intel_oa_busy *b, bool active)
{
	ktime_t now = ktime_get();
	unsigned long flags;

	spin_lock_irqsave(&b->lock, flags);
	if (active && !b->active)
		b->start = now;
	else if (!active && b->active)
		b->total += ktime_to_ns(ktime_sub(now, b->start));
	b->active = active;
	spin_unlock_irqrestore(&b->lock, flags);
}

/**
 * intel_oa_busy_ns - how long the engine has had work
 * @b: its busy time
 *
 * Return: ns, the current stretch of work included.
 */
u64 intel_oa_busy_ns(struct intel_oa_busy *b)
{
	unsigned long flags;
	u64 ns;

	spin_lock_irqsave(&b->lock, flags);
	ns = b->total;
	if (b->active)
		ns += ktime_to_ns(ktime_sub(ktime_get(), b->start));
	spin_unlock_irqrestore(&b->lock, flags);
	return ns;
}

/**
 * intel_oa_engine_lookup_user - an engine by its uAPI class and instance
 * @oa: device
 * @class: I915_ENGINE_CLASS_*
 * @instance: the instance as the uAPI numbers them (per class, in
 *	&intel_oa_platform.engines order, as query_engine_info() reports)
 *
 * i915's intel_engine_lookup_user() for the engines this driver knows.
 *
 * Return: the enum intel_oa_engine_id, or -ENOENT if the platform has no
 * such engine.
 */
int intel_oa_engine_lookup_user(struct intel_oa_device *oa, u8 class,
				u8 instance)
{
	unsigned long engines = oa->platform->engines;
	unsigned int id, n = 0;

	for_each_set_bit(id, &engines, INTEL_OA_NUM_ENGINES) {
		if (engine_ids[id].class != class)
			continue;
		if (n++ == instance)
			return id;
	}
	return -ENOENT;
}
