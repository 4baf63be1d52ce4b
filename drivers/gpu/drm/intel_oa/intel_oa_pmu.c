// SPDX-License-Identifier: GPL-2.0
/*
 * i915's perf_event PMU: engine busy, wait and semaphore time, and the
 * interrupt count, under i915's PMU name and event encoding.
 */

#include <linux/cpumask.h>
#include <linux/perf_event.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: i915 PMU
 *
 * Tools read engine utilisation through i915's perf_event PMU
 * (i915_pmu.c): intel_gpu_top, IGT's has_class_instance() probe before
 * its gen12-mi-rpc, perf stat -e i915/rcs0-busy/. The driver registers it
 * under i915's name (``i915`` for the device at 0000:00:02.0,
 * ``i915_<pci name>`` with ':' made '_' otherwise) with i915's config
 * encoding (I915_PMU_ENGINE_BUSY() etc. of the uAPI header), format
 * ``i915_eventid`` (config:0-20), an ``events`` directory of
 * ``<engine>-busy/-wait/-sema`` (unit ns) for every engine of
 * DRM_I915_QUERY_ENGINE_INFO and ``interrupts``, and a ``cpumask`` of
 * one CPU, the only one events open on (system-wide counting, like
 * i915's).
 *
 * Busy is the time an engine had work: on the render engine from a
 * request's submission to its completion (execlists: while a context is
 * in the ELSP; ring: while a request is on the ring); the other engines
 * run nothing here, so theirs stays 0. Wait and semaphore time are 0:
 * the requests wait on neither. Frequencies, RC6 residency and GT awake
 * time are i915 configs this driver does not sample: ENODEV, as i915
 * answers for a counter a part lacks. Unknown configs are ENOENT, sampling
 * and a negative CPU EINVAL, branch stacks EOPNOTSUPP (i915's
 * i915_pmu_event_init()).
 *
 * The PMU's CPU is the first online one at probe and does not follow CPU
 * hotplug (i915 migrates its events).
 *
 * It is registered only with the module parameter ``pmu=1`` (read at
 * probe): a PMU listing rcs0 tells IGT (has_class_instance()) that the
 * render engine runs its render copies, which need the 3D pipeline the
 * virtual GPU does not have. IGT 2.2's perf test then runs a render-copy
 * load behind its timing subtests and its render-copy subtests, which
 * fail for want of that pipeline, not of OA.
 */

static bool enable_pmu;
module_param_named(pmu, enable_pmu, bool, 0644);
MODULE_PARM_DESC(pmu,
		 "Register i915's perf_event PMU (engine busyness) at probe (default: off; IGT then expects render copies to run)");

/**
 * struct intel_oa_pmu - the registered PMU
 * @base: what perf knows.
 * @oa: device (an event holds a reference to its DRM device).
 * @name: i915's name for the device's PMU.
 * @cpu: the CPU events count on.
 * @closed: the device is being removed: events read nothing more.
 * @groups: format, events, cpumask.
 * @events_group: the events directory.
 * @events: its attributes, NULL terminated.
 * @attrs: their storage.
 * @n_attrs: how many.
 */
struct intel_oa_pmu {
	struct pmu base;
	struct intel_oa_device *oa;
	char name[32];
	int cpu;
	bool closed;
	const struct attribute_group *groups[4];
	struct attribute_group events_group;
	struct attribute **events;
	struct dev_ext_attribute *attrs;
	unsigned int n_attrs;
};

static struct intel_oa_pmu *to_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct intel_oa_pmu, base);
}

static bool is_engine_config(u64 config)
{
	return config < __I915_PMU_OTHER(0);
}

static u8 engine_class(u64 config)
{
	return (config >> I915_PMU_CLASS_SHIFT) & 0xff;
}

static u8 engine_instance(u64 config)
{
	return (config >> I915_PMU_SAMPLE_BITS) & 0xff;
}

static u8 engine_sample(u64 config)
{
	return config & I915_PMU_SAMPLE_MASK;
}

/* 0, or the errno i915's event_init gives for @config here. */
static int config_status(struct intel_oa_device *oa, u64 config)
{
	if (is_engine_config(config)) {
		if (intel_oa_engine_lookup_user(oa, engine_class(config),
						engine_instance(config)) < 0)
			return -ENODEV;
		return engine_sample(config) <= I915_SAMPLE_SEMA ? 0 : -ENOENT;
	}
	switch (config) {
	case I915_PMU_INTERRUPTS:
		return 0;
	case I915_PMU_ACTUAL_FREQUENCY:
	case I915_PMU_REQUESTED_FREQUENCY:
	case I915_PMU_RC6_RESIDENCY:
	case I915_PMU_SOFTWARE_GT_AWAKE_TIME:
		return -ENODEV;
	default:
		return -ENOENT;
	}
}

static u64 pmu_value(struct intel_oa_pmu *pmu, u64 config)
{
	struct intel_oa_device *oa = pmu->oa;
	int id;

	if (config == I915_PMU_INTERRUPTS)
		return READ_ONCE(oa->irq_count);
	id = intel_oa_engine_lookup_user(oa, engine_class(config),
					 engine_instance(config));
	if (id == INTEL_OA_RCS0 && engine_sample(config) == I915_SAMPLE_BUSY)
		return intel_oa_busy_ns(&oa->rcs_busy);
	return 0;
}

static void pmu_event_destroy(struct perf_event *event)
{
	drm_dev_put(&to_pmu(event->pmu)->oa->drm);
}

static int pmu_event_init(struct perf_event *event)
{
	struct intel_oa_pmu *pmu = to_pmu(event->pmu);
	int ret;

	if (READ_ONCE(pmu->closed))
		return -ENODEV;
	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (event->attr.sample_period)
		return -EINVAL;
	if (has_branch_stack(event))
		return -EOPNOTSUPP;
	if (event->cpu < 0 || event->cpu != pmu->cpu)
		return -EINVAL;
	ret = config_status(pmu->oa, event->attr.config);
	if (ret)
		return ret;
	if (!event->parent) {
		drm_dev_get(&pmu->oa->drm);
		event->destroy = pmu_event_destroy;
	}
	return 0;
}

static void pmu_event_read(struct perf_event *event)
{
	struct intel_oa_pmu *pmu = to_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now;

	if (READ_ONCE(pmu->closed)) {
		hwc->state = PERF_HES_STOPPED;
		return;
	}
	do {
		prev = local64_read(&hwc->prev_count);
		now = pmu_value(pmu, event->attr.config);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);
	local64_add(now - prev, &event->count);
}

static void pmu_event_start(struct perf_event *event, int flags)
{
	struct intel_oa_pmu *pmu = to_pmu(event->pmu);

	if (READ_ONCE(pmu->closed))
		return;
	local64_set(&event->hw.prev_count,
		    pmu_value(pmu, event->attr.config));
	event->hw.state = 0;
}

static void pmu_event_stop(struct perf_event *event, int flags)
{
	if (flags & PERF_EF_UPDATE)
		pmu_event_read(event);
	event->hw.state = PERF_HES_STOPPED;
}

static int pmu_event_add(struct perf_event *event, int flags)
{
	if (READ_ONCE(to_pmu(event->pmu)->closed))
		return -ENODEV;
	if (flags & PERF_EF_START)
		pmu_event_start(event, flags);
	return 0;
}

static void pmu_event_del(struct perf_event *event, int flags)
{
	pmu_event_stop(event, PERF_EF_UPDATE);
}

static int pmu_event_idx(struct perf_event *event)
{
	return 0;
}

static ssize_t pmu_str_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct dev_ext_attribute *ea =
		container_of(attr, struct dev_ext_attribute, attr);

	return sysfs_emit(buf, "%s\n", (const char *)ea->var);
}

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct pmu *base = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%d\n", to_pmu(base)->cpu);
}

static DEVICE_ATTR_RO(cpumask);

static struct attribute *pmu_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	NULL,
};

static const struct attribute_group pmu_cpumask_group = {
	.attrs = pmu_cpumask_attrs,
};

static struct dev_ext_attribute pmu_format_eventid = {
	.attr = __ATTR(i915_eventid, 0444, pmu_str_show, NULL),
	.var = "config:0-20",
};

static struct attribute *pmu_format_attrs[] = {
	&pmu_format_eventid.attr.attr,
	NULL,
};

static const struct attribute_group pmu_format_group = {
	.name = "format",
	.attrs = pmu_format_attrs,
};

/* One sysfs file @name (made from the format, freed with the PMU) of @str. */
static int add_attr(struct intel_oa_pmu *pmu, char *name, char *str)
{
	struct dev_ext_attribute *ea = &pmu->attrs[pmu->n_attrs];

	if (!name || !str) {
		kfree(name);
		kfree(str);
		return -ENOMEM;
	}
	sysfs_attr_init(&ea->attr.attr);
	ea->attr.attr.name = name;
	ea->attr.attr.mode = 0444;
	ea->attr.show = pmu_str_show;
	ea->var = str;
	pmu->events[pmu->n_attrs++] = &ea->attr.attr;
	return 0;
}

static void free_events(struct intel_oa_pmu *pmu)
{
	unsigned int i;

	for (i = 0; i < pmu->n_attrs; i++) {
		kfree(pmu->attrs[i].attr.attr.name);
		kfree(pmu->attrs[i].var);
	}
	kfree(pmu->attrs);
	kfree(pmu->events);
}

/* The events directory: engine events, then interrupts, each with a unit. */
static int make_events(struct intel_oa_pmu *pmu)
{
	static const char *const samples[] = {
		[I915_SAMPLE_BUSY] = "busy",
		[I915_SAMPLE_WAIT] = "wait",
		[I915_SAMPLE_SEMA] = "sema",
	};
	static const char *const class_names[] = {
		[I915_ENGINE_CLASS_RENDER] = "rcs",
		[I915_ENGINE_CLASS_COPY] = "bcs",
		[I915_ENGINE_CLASS_VIDEO] = "vcs",
		[I915_ENGINE_CLASS_VIDEO_ENHANCE] = "vecs",
		[I915_ENGINE_CLASS_COMPUTE] = "ccs",
	};
	struct intel_oa_device *oa = pmu->oa;
	unsigned long engines = oa->platform->engines;
	unsigned int id, s, n;
	int ret;

	n = 2 * (hweight_long(engines) * ARRAY_SIZE(samples) + 1);
	pmu->attrs = kcalloc(n, sizeof(*pmu->attrs), GFP_KERNEL);
	pmu->events = kcalloc(n + 1, sizeof(*pmu->events), GFP_KERNEL);
	if (!pmu->attrs || !pmu->events)
		return -ENOMEM;

	for_each_set_bit(id, &engines, INTEL_OA_NUM_ENGINES) {
		u8 class, instance;

		intel_oa_engine_uapi(oa, id, &class, &instance);
		for (s = 0; s < ARRAY_SIZE(samples); s++) {
			unsigned long config =
				__I915_PMU_ENGINE(class, instance, s);

			ret = add_attr(pmu, kasprintf(GFP_KERNEL, "%s%u-%s",
						      class_names[class],
						      instance, samples[s]),
				       kasprintf(GFP_KERNEL, "config=0x%lx",
						 config));
			if (ret)
				return ret;
			ret = add_attr(pmu, kasprintf(GFP_KERNEL, "%s%u-%s.unit",
						      class_names[class],
						      instance, samples[s]),
				       kstrdup("ns", GFP_KERNEL));
			if (ret)
				return ret;
		}
	}
	ret = add_attr(pmu, kstrdup("interrupts", GFP_KERNEL),
		       kasprintf(GFP_KERNEL, "config=0x%lx",
				 (unsigned long)I915_PMU_INTERRUPTS));
	if (ret)
		return ret;
	pmu->events_group.name = "events";
	pmu->events_group.attrs = pmu->events;
	return 0;
}

/* i915's is_igp(): the integrated GPU is 0000:00:02.0 */
static bool is_igp(struct pci_dev *pdev)
{
	return pci_domain_nr(pdev->bus) == 0 && pdev->bus->number == 0 &&
	       PCI_SLOT(pdev->devfn) == 2 && PCI_FUNC(pdev->devfn) == 0;
}

/**
 * intel_oa_pmu_register - register i915's PMU for the device
 * @oa: device with its engines' busy time and interrupts set up
 *
 * Return: 0 (also when the pmu parameter is off), -ENOMEM, or
 * perf_pmu_register()'s error (-EEXIST where i915 or another instance
 * holds the name).
 */
int intel_oa_pmu_register(struct intel_oa_device *oa)
{
	struct intel_oa_pmu *pmu;
	int ret;

	if (!READ_ONCE(enable_pmu))
		return 0;
	/* events that outlive the device still reach it: the DRM device's */
	pmu = drmm_kzalloc(&oa->drm, sizeof(*pmu), GFP_KERNEL);
	if (!pmu)
		return -ENOMEM;
	pmu->oa = oa;
	pmu->cpu = cpumask_first(cpu_online_mask);
	if (is_igp(oa->pdev))
		strscpy(pmu->name, "i915", sizeof(pmu->name));
	else
		snprintf(pmu->name, sizeof(pmu->name), "i915_%s",
			 pci_name(oa->pdev));
	/* tools/perf reserves colons */
	strreplace(pmu->name, ':', '_');

	ret = make_events(pmu);
	if (ret)
		goto err;
	pmu->groups[0] = &pmu_format_group;
	pmu->groups[1] = &pmu->events_group;
	pmu->groups[2] = &pmu_cpumask_group;
	pmu->base = (struct pmu) {
		.module = THIS_MODULE,
		.attr_groups = pmu->groups,
		.task_ctx_nr = perf_invalid_context,
		.event_init = pmu_event_init,
		.add = pmu_event_add,
		.del = pmu_event_del,
		.start = pmu_event_start,
		.stop = pmu_event_stop,
		.read = pmu_event_read,
		.event_idx = pmu_event_idx,
	};
	ret = perf_pmu_register(&pmu->base, pmu->name, -1);
	if (ret)
		goto err;
	oa->pmu = pmu;
	return 0;

err:
	free_events(pmu);
	drmm_kfree(&oa->drm, pmu);
	return ret;
}

/**
 * intel_oa_pmu_unregister - the device goes: events read nothing more
 * @oa: device
 *
 * Open events keep the DRM device, whose release frees the PMU's
 * memory; they read nothing from now on. The sysfs files go with the
 * registration.
 */
void intel_oa_pmu_unregister(struct intel_oa_device *oa)
{
	struct intel_oa_pmu *pmu = oa->pmu;

	if (!pmu)
		return;
	WRITE_ONCE(pmu->closed, true);
	synchronize_rcu();
	perf_pmu_unregister(&pmu->base);
	oa->pmu = NULL;
	free_events(pmu);
	pmu->n_attrs = 0;
	pmu->attrs = NULL;
	pmu->events = NULL;
}
