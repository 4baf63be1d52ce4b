// SPDX-License-Identifier: GPL-2.0
/*
 * Card sysfs: GT frequencies and power/rc6_enable.
 */

#include <linux/device.h>
#include <linux/sysfs.h>

#include <drm/drm_file.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: sysfs
 *
 * The card device (/sys/class/drm/cardN) carries the i915 files perf tools
 * read: gt_RP0_freq_mhz, gt_RP1_freq_mhz, gt_RPn_freq_mhz (from
 * RP_STATE_CAP), gt_min_freq_mhz and gt_max_freq_mhz (the frequency range
 * the hardware may use: RPn and RP0, read-only because intel_oa does not
 * manage RPS), gt_act_freq_mhz (RPSTAT1 CAGF) and power/rc6_enable (0:
 * intel_oa never enables RC6). The "metrics" directory is created by
 * intel_oa_config.c.
 */

static struct intel_oa_device *kdev_to_oa(struct device *kdev)
{
	struct drm_minor *minor = dev_get_drvdata(kdev);

	return to_intel_oa(minor->dev);
}

static ssize_t rp0_freq_mhz_show(struct device *kdev,
				 struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", kdev_to_oa(kdev)->rp0_mhz);
}

static ssize_t rp1_freq_mhz_show(struct device *kdev,
				 struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", kdev_to_oa(kdev)->rp1_mhz);
}

static ssize_t rpn_freq_mhz_show(struct device *kdev,
				 struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", kdev_to_oa(kdev)->rpn_mhz);
}

static ssize_t gt_min_freq_mhz_show(struct device *kdev,
				    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", kdev_to_oa(kdev)->rpn_mhz);
}

static ssize_t gt_max_freq_mhz_show(struct device *kdev,
				    struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", kdev_to_oa(kdev)->rp0_mhz);
}

static ssize_t gt_act_freq_mhz_show(struct device *kdev,
				    struct device_attribute *attr, char *buf)
{
	struct intel_oa_device *oa = kdev_to_oa(kdev);
	const struct intel_oa_gen_desc *gen = oa->gen;
	u32 rpstat, cagf;
	int ret;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;
	rpstat = intel_oa_read(oa, gen->cagf_reg);
	intel_oa_forcewake_put(oa);

	cagf = (rpstat & gen->cagf_mask) >> __ffs(gen->cagf_mask);
	return sysfs_emit(buf, "%u\n",
			  DIV_ROUND_CLOSEST(cagf * gen->cagf_mhz_num,
					    gen->cagf_mhz_den));
}

static struct device_attribute dev_attr_rp0 = {
	.attr = { .name = "gt_RP0_freq_mhz", .mode = 0444 },
	.show = rp0_freq_mhz_show,
};

static struct device_attribute dev_attr_rp1 = {
	.attr = { .name = "gt_RP1_freq_mhz", .mode = 0444 },
	.show = rp1_freq_mhz_show,
};

static struct device_attribute dev_attr_rpn = {
	.attr = { .name = "gt_RPn_freq_mhz", .mode = 0444 },
	.show = rpn_freq_mhz_show,
};

static DEVICE_ATTR_RO(gt_min_freq_mhz);
static DEVICE_ATTR_RO(gt_max_freq_mhz);
static DEVICE_ATTR_RO(gt_act_freq_mhz);

static const struct attribute *gt_attrs[] = {
	&dev_attr_rp0.attr,
	&dev_attr_rp1.attr,
	&dev_attr_rpn.attr,
	&dev_attr_gt_min_freq_mhz.attr,
	&dev_attr_gt_max_freq_mhz.attr,
	&dev_attr_gt_act_freq_mhz.attr,
	NULL,
};

static ssize_t rc6_enable_show(struct device *kdev,
			       struct device_attribute *attr, char *buf)
{
	/* Mask of enabled RC6 states, like i915: none. */
	return sysfs_emit(buf, "%x\n", 0);
}

static DEVICE_ATTR_RO(rc6_enable);

static struct attribute *rc6_attrs[] = {
	&dev_attr_rc6_enable.attr,
	NULL,
};

static const struct attribute_group rc6_attr_group = {
	.name = power_group_name,
	.attrs = rc6_attrs,
};

/**
 * intel_oa_sysfs_init - read the frequency caps and add the card files
 * @oa: device (registered)
 *
 * Return: 0 or a negative errno.
 */
int intel_oa_sysfs_init(struct intel_oa_device *oa)
{
	struct kobject *kobj = &oa->drm.primary->kdev->kobj;
	const struct intel_oa_rp_cap *rp = oa->platform->rp_cap;
	u32 cap, unit = oa->gen->rp_cap_mhz;
	int ret;

	/* Variable masks (Gen9 LP reverses the fields), so no FIELD_GET(). */
	cap = intel_oa_read(oa, rp->reg);
	oa->rp0_mhz = ((cap & rp->rp0_mask) >> __ffs(rp->rp0_mask)) * unit;
	oa->rp1_mhz = ((cap & rp->rp1_mask) >> __ffs(rp->rp1_mask)) * unit;
	oa->rpn_mhz = ((cap & rp->rpn_mask) >> __ffs(rp->rpn_mask)) * unit;

	ret = sysfs_create_files(kobj, gt_attrs);
	if (ret)
		return ret;

	ret = sysfs_merge_group(kobj, &rc6_attr_group);
	if (ret)
		sysfs_remove_files(kobj, gt_attrs);
	return ret;
}

/**
 * intel_oa_sysfs_fini - remove what intel_oa_sysfs_init() added
 * @oa: device (still registered)
 */
void intel_oa_sysfs_fini(struct intel_oa_device *oa)
{
	struct kobject *kobj = &oa->drm.primary->kdev->kobj;

	sysfs_unmerge_group(kobj, &rc6_attr_group);
	sysfs_remove_files(kobj, gt_attrs);
}
