// SPDX-License-Identifier: GPL-2.0
/*
 * intel_oa: Intel GPU Observation Architecture perf streams with the i915
 * perf uAPI. Module, PCI and DRM glue.
 */

#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: overview
 *
 * intel_oa binds to Intel GPUs listed in the platform table and exposes
 * the Observation Architecture: a DRM device named "i915" (primary and
 * render nodes) whose ioctls are the i915 ones perf tools need
 * (GETPARAM, QUERY topology, GEM_THROTTLE, REG_READ of the timestamp,
 * PERF_OPEN, PERF_ADD_CONFIG, PERF_REMOVE_CONFIG) and i915's GEM object
 * ioctls (see "GEM objects"), with i915's numbers, structures and errnos,
 * so unmodified i915 userspace works. It does not drive display or, yet,
 * command submission; it must not be loaded together with i915 (both
 * claim the same device and sysctls).
 *
 * It binds a real GPU only when told to: the force_probe parameter lists
 * the PCI device IDs (in hex, comma-separated, or "*") it may take, as
 * i915's and xe's force_probe do for hardware they do not yet support.
 * The virtual GPU (tools/qemu) carries QEMU's PCI subsystem, Red Hat
 * 0x1af4 / QEMU 0x1100, like QEMU's other emulated devices, and is
 * always bound. Nothing else in the driver depends on which one it is.
 */

static char *force_probe = "";
module_param(force_probe, charp, 0400);
MODULE_PARM_DESC(force_probe,
		 "Real Intel GPUs to bind: PCI device IDs in hex, comma-separated, or '*' (default: none; the virtual GPU is always bound)");

/* Is @devid one of the force_probe IDs? */
static bool force_probe_lists(u16 devid)
{
	char *list, *rest, *tok;
	bool found = false;
	u16 id;

	list = kstrdup(force_probe, GFP_KERNEL);
	if (!list)
		return false;
	rest = list;
	while (!found && (tok = strsep(&rest, ","))) {
		tok = strim(tok);
		found = !strcmp(tok, "*") ||
			(!kstrtou16(tok, 16, &id) && id == devid);
	}
	kfree(list);
	return found;
}

/* QEMU's subsystem: the virtual GPU of tools/qemu. */
static bool intel_oa_is_virtual_gpu(const struct pci_dev *pdev)
{
	return pdev->subsystem_vendor == PCI_SUBVENDOR_ID_REDHAT_QUMRANET &&
	       pdev->subsystem_device == PCI_SUBDEVICE_ID_QEMU;
}

#define DRIVER_NAME	"i915"
#define DRIVER_DESC	"Intel OA perf (intel_oa, not i915)"
#define DRIVER_DATE	"20250101"
#define DRIVER_MAJOR	1
#define DRIVER_MINOR	8

static const struct drm_ioctl_desc intel_oa_ioctls[] = {
	DRM_IOCTL_DEF_DRV(I915_GETPARAM, intel_oa_getparam_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_THROTTLE, intel_oa_throttle_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_REG_READ, intel_oa_reg_read_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_PERF_OPEN, intel_oa_perf_open_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_PERF_ADD_CONFIG, intel_oa_add_config_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_PERF_REMOVE_CONFIG, intel_oa_remove_config_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_QUERY, intel_oa_query_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_CREATE, intel_oa_gem_create_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_CREATE_EXT, intel_oa_gem_create_ext_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_MMAP, intel_oa_gem_mmap_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_MMAP_OFFSET, intel_oa_gem_mmap_offset_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_PREAD, intel_oa_gem_pread_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_PWRITE, intel_oa_gem_pwrite_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_SET_DOMAIN, intel_oa_gem_set_domain_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_WAIT, intel_oa_gem_wait_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_EXECBUFFER2_WR, intel_oa_execbuffer2_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_BUSY, intel_oa_gem_busy_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_SET_CACHING, intel_oa_gem_set_caching_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_GET_CACHING, intel_oa_gem_get_caching_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_GET_APERTURE, intel_oa_gem_get_aperture_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_SET_TILING, intel_oa_gem_set_tiling_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_GET_TILING, intel_oa_gem_get_tiling_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_CONTEXT_CREATE_EXT,
			  intel_oa_context_create_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_CONTEXT_DESTROY,
			  intel_oa_context_destroy_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_CONTEXT_GETPARAM,
			  intel_oa_context_getparam_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_CONTEXT_SETPARAM,
			  intel_oa_context_setparam_ioctl, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_VM_CREATE, intel_oa_vm_create_ioctl,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(I915_GEM_VM_DESTROY, intel_oa_vm_destroy_ioctl,
			  DRM_RENDER_ALLOW),
};

static const struct file_operations intel_oa_drm_fops = {
	.owner = THIS_MODULE,
	.open = drm_open,
	.release = drm_release,
	.unlocked_ioctl = drm_ioctl,
	.compat_ioctl = drm_compat_ioctl,
	.poll = drm_poll,
	.read = drm_read,
	.mmap = intel_oa_gem_mmap,
	.llseek = noop_llseek,
	INTEL_OA_DRM_FOP_FLAGS
};

static const struct drm_driver intel_oa_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER,
	.open = intel_oa_gem_open,
	.postclose = intel_oa_gem_postclose,
	.ioctls = intel_oa_ioctls,
	.num_ioctls = ARRAY_SIZE(intel_oa_ioctls),
	.fops = &intel_oa_drm_fops,
#if IS_ENABLED(CONFIG_DEBUG_FS)
	.debugfs_init = intel_oa_debugfs_init,
#endif
	.name = DRIVER_NAME,
	.desc = DRIVER_DESC,
	.date = DRIVER_DATE,
	.major = DRIVER_MAJOR,
	.minor = DRIVER_MINOR,
};

static void intel_oa_idr_fini(struct drm_device *drm, void *arg)
{
	idr_destroy(&to_intel_oa(drm)->metrics_idr);
}

static int intel_oa_hw_init(struct intel_oa_device *oa)
{
	const struct intel_oa_format *formats = oa->gen->formats;
	unsigned int i;
	int ret;

	for (i = 0; i < INTEL_OA_FORMAT_MAX; i++)
		if (formats[i].size)
			__set_bit(i, oa->format_mask);

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;
	oa->ops->read_topology(oa);
	intel_oa_uncore_mcr_init(oa);
	oa->timestamp_freq = oa->ops->read_timestamp_freq(oa);
	oa->oa_timestamp_freq = oa->ops->read_oa_timestamp_freq ?
				oa->ops->read_oa_timestamp_freq(oa) :
				oa->timestamp_freq;
	intel_oa_forcewake_put(oa);

	if (!oa->timestamp_freq || !oa->oa_timestamp_freq) {
		drm_err(&oa->drm, "timestamp frequency reads as 0 Hz\n");
		return -ENODEV;
	}

	/*
	 * i915 caps the sampling rate sysctl at half the timestamp rate; with
	 * several GPUs, at the highest of theirs.
	 */
	intel_oa_sysctl_raise_hard_limit(oa->timestamp_freq / 2);
	return 0;
}

static int intel_oa_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	const struct intel_oa_platform *platform =
		(const struct intel_oa_platform *)ent->driver_data;
	struct intel_oa_device *oa;
	void __iomem *bar0;
	int ret;

	if (!intel_oa_is_virtual_gpu(pdev) && !force_probe_lists(pdev->device)) {
		dev_info(&pdev->dev,
			 "%s (0x%04x) is a real Intel GPU: not bound without intel_oa.force_probe=%04x (unbind i915 or xe first; README, \"Real hardware\")\n",
			 platform->name, pdev->device, pdev->device);
		return -ENODEV;
	}

	oa = devm_drm_dev_alloc(&pdev->dev, &intel_oa_drm_driver,
				struct intel_oa_device, drm);
	if (IS_ERR(oa))
		return PTR_ERR(oa);

	oa->pdev = pdev;
	oa->platform = platform;
	oa->gen = platform->gen;
	oa->ops = platform->gen->ops;
	pci_set_drvdata(pdev, oa);

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	pci_set_master(pdev);

	/* The OA buffer's pages must be addressable by a GGTT PTE. */
	ret = dma_set_mask_and_coherent(&pdev->dev,
					DMA_BIT_MASK(oa->gen->ggtt->dma_bits));
	if (ret)
		return ret;

	ret = pcim_iomap_regions(pdev, BIT(0), "intel_oa");
	if (ret) {
		drm_err(&oa->drm,
			"BAR0 is busy (%d): is i915 bound to this GPU? Unbind it or boot with module_blacklist=i915\n",
			ret);
		return ret;
	}
	bar0 = pcim_iomap_table(pdev)[0];
	intel_oa_uncore_init(&oa->uncore, bar0, oa->gen);

	ret = intel_oa_units_init(oa);
	if (ret)
		return ret;

	ret = drmm_mutex_init(&oa->drm, &oa->lock);
	if (ret)
		return ret;
	ret = drmm_mutex_init(&oa->drm, &oa->metrics_lock);
	if (ret)
		return ret;
	idr_init_base(&oa->metrics_idr, 1);
	ret = drmm_add_action_or_reset(&oa->drm, intel_oa_idr_fini, NULL);
	if (ret)
		return ret;

	ret = intel_oa_ggtt_init(oa);
	if (ret)
		return ret;
	ret = intel_oa_ggtt_mm_init(oa);
	if (ret)
		return ret;
	spin_lock_init(&oa->gt_imr_lock);
	oa->gt_imr = ~0u;
	intel_oa_busy_init(&oa->rcs_busy);

	ret = intel_oa_hw_init(oa);
	if (ret)
		return ret;

	ret = intel_oa_irq_init(oa, intel_oa_drain_irq_event);
	if (ret)
		return ret;

	/*
	 * Without a GuC the device still streams, samples included (they
	 * use the OA unit's MMIO trigger). Another driver's running GuC
	 * fails probe.
	 */
	ret = intel_oa_guc_init(oa);
	if (ret)
		return ret;

	/* Where the generation has a submission backend, batches run. */
	if (oa->ops->submit_init) {
		ret = oa->ops->submit_init(oa);
		if (ret)
			return ret;
	}

	ret = drm_dev_register(&oa->drm, 0);
	if (ret)
		return ret;

	ret = intel_oa_sysfs_init(oa);
	if (ret)
		goto err_unregister;

	ret = intel_oa_metrics_init(oa);
	if (ret)
		goto err_sysfs;

	/* Without it the device still works; i915 carries on so too. */
	if (intel_oa_pmu_register(oa))
		drm_notice(&oa->drm, "no i915 PMU: perf_event engine busyness is not available\n");

	intel_oa_sysctl_get();
	drm_info(&oa->drm,
		 "%s (gen %u.%u), %u Hz timestamp, %u Hz OA timestamp, slices 0x%x%s, OA perf ready\n",
		 platform->name, oa->gen->graphics_ver, oa->gen->graphics_rel,
		 oa->timestamp_freq, oa->oa_timestamp_freq,
		 oa->topo.slice_mask, oa->guc.ready ? ", GuC ready" : "");
	return 0;

err_sysfs:
	intel_oa_sysfs_fini(oa);
err_unregister:
	/*
	 * The nodes were visible: a DRM fd opened meanwhile must not reach
	 * BAR0 after devres unmaps it. No stream can exist yet (PERF_OPEN
	 * needs the metrics directory).
	 */
	drm_dev_unplug(&oa->drm);
	return ret;
}

static void intel_oa_remove(struct pci_dev *pdev)
{
	struct intel_oa_device *oa = pci_get_drvdata(pdev);
	unsigned int i;

	intel_oa_pmu_unregister(oa);
	/* The sysfs files live on the card device: remove them before it. */
	intel_oa_metrics_fini(oa);
	intel_oa_sysfs_fini(oa);

	/*
	 * Unregister and wait for every drm_dev_enter() section (ioctls,
	 * stream ioctls) to finish; none can start afterwards.
	 */
	drm_dev_unplug(&oa->drm);

	/*
	 * DRM and stream fds may outlive the device. Stop an open stream's
	 * use of the hardware now, while BAR0 and the interrupt still exist
	 * (devres undoes them after this returns); its release only frees
	 * memory then.
	 */
	mutex_lock(&oa->lock);
	for (i = 0; i < oa->n_units; i++)
		if (oa->units[i].exclusive_stream)
			intel_oa_stream_hw_fini_locked(oa->units[i].exclusive_stream);
	mutex_unlock(&oa->lock);

	intel_oa_sysctl_put();
}

static struct pci_driver intel_oa_pci_driver = {
	.name = "intel_oa",
	.id_table = intel_oa_pci_ids,
	.probe = intel_oa_probe,
	.remove = intel_oa_remove,
};

/* The sysctls come with the first bound device (intel_oa_sysctl_get()). */
static int __init intel_oa_init(void)
{
	return pci_register_driver(&intel_oa_pci_driver);
}

static void __exit intel_oa_exit(void)
{
	pci_unregister_driver(&intel_oa_pci_driver);
}

module_init(intel_oa_init);
module_exit(intel_oa_exit);

MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("GPL");
