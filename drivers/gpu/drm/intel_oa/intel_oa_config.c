// SPDX-License-Identifier: GPL-2.0
/*
 * OA configs (metrics sets): PERF_ADD_CONFIG, PERF_REMOVE_CONFIG and the
 * sysfs metrics/<uuid>/id files.
 */

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uuid.h>
#include <linux/xarray.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: OA configs
 *
 * A config is a uuid and three lists of register writes: NOA mux, boolean
 * counter and flex EU. DRM_IOCTL_I915_PERF_ADD_CONFIG validates every
 * address against the generation's whitelists (see "OA config
 * whitelists"), rejects a uuid that is malformed (EINVAL) or
 * already present (EADDRINUSE), stores the config in an idr (ids from 2)
 * and publishes metrics/<uuid>/id on the card. REMOVE_CONFIG unpublishes it
 * (ENOENT if unknown); a stream using it keeps its reference until closed.
 * The registers are written to the hardware when a stream using the config
 * is opened, or switched to with I915_PERF_IOCTL_CONFIG.
 *
 * Memory. Each config that passed i915's checks (so every input i915
 * rejects keeps i915's errno) is charged, before it is published,
 * sizeof(struct intel_oa_config) plus 8 bytes per register pair against
 * two limits (see "sysctls"): all configs of all users together may hold
 * dev.i915.oa_config_max_bytes, and those added by one effective uid
 * without CAP_PERFMON (or CAP_SYS_ADMIN) dev.i915.oa_config_max_bytes_per_user.
 * Beyond either, ADD_CONFIG fails with ENOSPC and a rate-limited notice.
 * The charge is returned when the config is freed: after REMOVE_CONFIG and
 * the last stream using it has closed. i915 has no such bound.
 *
 * Locking: &intel_oa_device.metrics_lock protects the idr and sysfs
 * entries; lookups use RCU and kref_get_unless_zero(). config_mem_lock
 * protects the module-wide charges.
 */

static DEFINE_MUTEX(config_mem_lock);
/* bytes charged by all configs; protected by config_mem_lock */
static u64 config_mem_total;
/* kuid -> bytes charged (xa_mk_value); protected by config_mem_lock */
static DEFINE_XARRAY(config_mem_users);

static u64 config_mem_user(kuid_t uid)
{
	void *entry = xa_load(&config_mem_users, __kuid_val(uid));

	return entry ? xa_to_value(entry) : 0;
}

/* Charge @bytes to @uid, or fail with -ENOSPC beyond a limit. */
static int config_mem_charge(struct intel_oa_device *oa, kuid_t uid,
			     u64 bytes, bool privileged)
{
	u64 user;
	int err = 0;

	mutex_lock(&config_mem_lock);
	user = config_mem_user(uid);
	if (config_mem_total + bytes > intel_oa_config_max_bytes()) {
		dev_notice_ratelimited(oa->drm.dev,
				       "OA configs would hold %llu bytes, over dev.i915.oa_config_max_bytes; remove configs or raise the limit\n",
				       config_mem_total + bytes);
		err = -ENOSPC;
	} else if (!privileged &&
		   user + bytes > intel_oa_config_max_bytes_per_user()) {
		dev_notice_ratelimited(oa->drm.dev,
				       "uid %u's OA configs would hold %llu bytes, over dev.i915.oa_config_max_bytes_per_user; remove configs or raise the limit\n",
				       from_kuid(&init_user_ns, uid), user + bytes);
		err = -ENOSPC;
	} else {
		err = xa_err(xa_store(&config_mem_users, __kuid_val(uid),
				      xa_mk_value(user + bytes), GFP_KERNEL));
		if (!err)
			config_mem_total += bytes;
	}
	mutex_unlock(&config_mem_lock);

	return err;
}

static void config_mem_uncharge(kuid_t uid, u64 bytes)
{
	u64 user;

	mutex_lock(&config_mem_lock);
	user = config_mem_user(uid) - bytes;
	config_mem_total -= bytes;
	if (user)
		/* replaces the existing entry: never allocates */
		xa_store(&config_mem_users, __kuid_val(uid),
			 xa_mk_value(user), GFP_KERNEL);
	else
		xa_erase(&config_mem_users, __kuid_val(uid));
	mutex_unlock(&config_mem_lock);
}

/* What a config with the lists of @args costs, computed before allocating. */
static u64 config_mem_bytes(const struct drm_i915_perf_oa_config *args)
{
	return sizeof(struct intel_oa_config) +
	       ((u64)args->n_mux_regs + args->n_boolean_regs +
		args->n_flex_regs) * sizeof(struct intel_oa_reg);
}

/* i915 registers whose workaround bits userspace must not change. */
#define HALF_SLICE_CHICKEN2		0xe180
#define   GEN8_ST_PO_DISABLE		BIT(13)
#define WAIT_FOR_RC6_EXIT		0x20cc
#define   HSW_WAIT_FOR_RC6_EXIT_ENABLE	BIT(0)

static u32 mask_reg_value(u32 reg, u32 val)
{
	/* Keep WaDisableSTUnitPowerOptimization. */
	if (reg == HALF_SLICE_CHICKEN2)
		val &= ~((GEN8_ST_PO_DISABLE << 16) | GEN8_ST_PO_DISABLE);

	/* Only the selection fields, not the function bit itself. */
	if (reg == WAIT_FOR_RC6_EXIT)
		val &= ~((HSW_WAIT_FOR_RC6_EXIT_ENABLE << 16) |
			 HSW_WAIT_FOR_RC6_EXIT_ENABLE);

	return val;
}

static void config_release(struct kref *ref)
{
	struct intel_oa_config *config =
		container_of(ref, struct intel_oa_config, ref);

	kfree(config->flex_regs);
	kfree(config->b_counter_regs);
	kfree(config->mux_regs);
	if (config->charged)
		config_mem_uncharge(config->owner, config->charged);
	kfree_rcu(config, rcu);
}

/**
 * intel_oa_config_put - drop a config reference
 * @config: config (may be NULL)
 */
void intel_oa_config_put(struct intel_oa_config *config)
{
	if (config)
		kref_put(&config->ref, config_release);
}

/**
 * intel_oa_config_lookup - find a config by id and take a reference
 * @oa: device
 * @id: config id
 *
 * Return: the config or NULL.
 */
struct intel_oa_config *intel_oa_config_lookup(struct intel_oa_device *oa,
					       u64 id)
{
	struct intel_oa_config *config;

	if (id == 0 || id > INT_MAX)
		return NULL;

	rcu_read_lock();
	config = idr_find(&oa->metrics_idr, id);
	if (config && !kref_get_unless_zero(&config->ref))
		config = NULL;
	rcu_read_unlock();

	return config;
}

/**
 * intel_oa_config_query_list - DRM_I915_QUERY_PERF_CONFIG_LIST
 * @oa: device
 * @item: the query item (flags LIST)
 *
 * As i915's query_perf_config_list(), except that no id 1 is listed: i915
 * reserves it for its built-in test config, which intel_oa does not have
 * (an open or a DATA_FOR_ID query of id 1 fails here too).
 *
 * Return: the bytes of the answer, or -EINVAL (flags not 0, @item too
 * small), -EFAULT, -ENOMEM.
 */
int intel_oa_config_query_list(struct intel_oa_device *oa,
			       struct drm_i915_query_item *item)
{
	struct drm_i915_query_perf_config __user *uquery =
		u64_to_user_ptr(item->data_ptr);
	struct intel_oa_config *tmp;
	u32 flags, n = 0, alloc = 0;
	u64 *ids = NULL;
	size_t size;
	int id, ret;

	/* Ids may be added meanwhile: count, allocate, retry if more. */
	do {
		kfree(ids);
		alloc = n;
		ids = kcalloc(max(alloc, 1u), sizeof(*ids), GFP_KERNEL);
		if (!ids)
			return -ENOMEM;
		n = 0;
		rcu_read_lock();
		idr_for_each_entry(&oa->metrics_idr, tmp, id) {
			if (n < alloc)
				ids[n] = id;
			n++;
		}
		rcu_read_unlock();
	} while (n > alloc);

	size = sizeof(*uquery) + n * sizeof(*ids);
	ret = size;
	if (item->length == 0)
		goto out;
	ret = -EFAULT;
	if (get_user(flags, &uquery->flags))
		goto out;
	ret = -EINVAL;
	if (flags != 0 || item->length < size)
		goto out;
	ret = -EFAULT;
	if (put_user((u64)n, &uquery->n_configs) ||
	    copy_to_user(uquery + 1, ids, n * sizeof(*ids)))
		goto out;
	ret = size;
out:
	kfree(ids);
	return ret;
}

/* i915 copy_perf_config_registers_or_number(): 0 asks for the number. */
static int copy_regs_or_number(const struct intel_oa_reg *regs, u32 n_regs,
			       u64 user_ptr, u32 *user_n)
{
	u32 __user *p = u64_to_user_ptr(user_ptr);
	u32 r;

	if (*user_n == 0) {
		*user_n = n_regs;
		return 0;
	}
	*user_n = n_regs;
	for (r = 0; r < n_regs; r++, p += 2) {
		if (put_user(regs[r].addr, p) || put_user(regs[r].value, p + 1))
			return -EFAULT;
	}
	return 0;
}

/**
 * intel_oa_config_query_data - DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_*
 * @oa: device
 * @item: the query item
 * @use_uuid: DATA_FOR_UUID, else DATA_FOR_ID
 *
 * As i915's query_perf_config_data().
 *
 * Return: the bytes of the answer, or -EINVAL (flags not 0, @item too
 * small, a register count below the config's), -ENOENT (no such config),
 * -EFAULT.
 */
int intel_oa_config_query_data(struct intel_oa_device *oa,
			       struct drm_i915_query_item *item, bool use_uuid)
{
	struct drm_i915_query_perf_config __user *uquery =
		u64_to_user_ptr(item->data_ptr);
	struct drm_i915_perf_oa_config __user *uconfig =
		u64_to_user_ptr(item->data_ptr + sizeof(*uquery));
	const u32 size = sizeof(*uquery) + sizeof(*uconfig);
	struct drm_i915_perf_oa_config args;
	struct intel_oa_config *config = NULL, *tmp;
	char uuid[UUID_STRING_LEN + 1] = {};
	u64 config_id;
	u32 flags;
	int id, ret;

	if (item->length == 0)
		return size;
	if (item->length < size)
		return -EINVAL;
	if (get_user(flags, &uquery->flags))
		return -EFAULT;
	if (flags != 0)
		return -EINVAL;

	if (use_uuid) {
		if (copy_from_user(uuid, uquery->uuid, sizeof(uquery->uuid)))
			return -EFAULT;
		rcu_read_lock();
		idr_for_each_entry(&oa->metrics_idr, tmp, id) {
			if (!strcmp(tmp->uuid, uuid) &&
			    kref_get_unless_zero(&tmp->ref)) {
				config = tmp;
				break;
			}
		}
		rcu_read_unlock();
	} else {
		if (get_user(config_id, &uquery->config))
			return -EFAULT;
		config = intel_oa_config_lookup(oa, config_id);
	}
	if (!config)
		return -ENOENT;

	ret = -EFAULT;
	if (copy_from_user(&args, uconfig, sizeof(args)))
		goto out;
	ret = -EINVAL;
	if ((args.n_boolean_regs &&
	     args.n_boolean_regs < config->b_counter_regs_len) ||
	    (args.n_flex_regs && args.n_flex_regs < config->flex_regs_len) ||
	    (args.n_mux_regs && args.n_mux_regs < config->mux_regs_len))
		goto out;
	ret = copy_regs_or_number(config->b_counter_regs,
				  config->b_counter_regs_len,
				  args.boolean_regs_ptr, &args.n_boolean_regs);
	if (!ret)
		ret = copy_regs_or_number(config->flex_regs,
					  config->flex_regs_len,
					  args.flex_regs_ptr, &args.n_flex_regs);
	if (!ret)
		ret = copy_regs_or_number(config->mux_regs,
					  config->mux_regs_len,
					  args.mux_regs_ptr, &args.n_mux_regs);
	if (ret)
		goto out;
	memcpy(args.uuid, config->uuid, sizeof(args.uuid));
	ret = copy_to_user(uconfig, &args, sizeof(args)) ? -EFAULT : size;
out:
	intel_oa_config_put(config);
	return ret;
}

static struct intel_oa_reg *alloc_oa_regs(struct intel_oa_device *oa,
					  const struct intel_oa_whitelist *wl,
					  u32 __user *regs, u32 n_regs)
{
	struct intel_oa_reg *oa_regs;
	int err;
	u32 i;

	if (!n_regs)
		return NULL;

	/* No whitelist: no register of this kind may be programmed. */
	if (!wl)
		return ERR_PTR(-EINVAL);

	/*
	 * n_regs is a user-chosen u32 (up to 32 GiB of pairs). Like i915 the
	 * list must fit one kmalloc (-ENOMEM beyond), but without the
	 * allocator's warning splat for an oversized request. What a user may
	 * keep pinned is bounded by the config memory limits.
	 */
	oa_regs = kmalloc_array(n_regs, sizeof(*oa_regs),
				GFP_KERNEL | __GFP_NOWARN);
	if (!oa_regs)
		return ERR_PTR(-ENOMEM);

	for (i = 0; i < n_regs; i++, regs += 2) {
		u32 addr, value;

		err = get_user(addr, regs);
		if (err)
			goto err_free;

		if (!intel_oa_whitelist_has(wl, addr)) {
			drm_dbg(&oa->drm, "invalid oa_reg address: 0x%x\n",
				addr);
			err = -EINVAL;
			goto err_free;
		}

		err = get_user(value, regs + 1);
		if (err)
			goto err_free;

		oa_regs[i].addr = addr;
		oa_regs[i].value = mask_reg_value(addr, value);
	}

	return oa_regs;

err_free:
	kfree(oa_regs);
	return ERR_PTR(err);
}

static ssize_t show_dynamic_id(struct kobject *kobj,
			       struct kobj_attribute *attr, char *buf)
{
	struct intel_oa_config *config =
		container_of(attr, typeof(*config), sysfs_metric_id);

	return sysfs_emit(buf, "%d\n", config->id);
}

static int create_sysfs_entry_locked(struct intel_oa_device *oa,
				     struct intel_oa_config *config)
{
	lockdep_assert_held(&oa->metrics_lock);

	sysfs_attr_init(&config->sysfs_metric_id.attr);
	config->sysfs_metric_id.attr.name = "id";
	config->sysfs_metric_id.attr.mode = 0444;
	config->sysfs_metric_id.show = show_dynamic_id;
	config->sysfs_metric_id.store = NULL;

	config->attrs[0] = &config->sysfs_metric_id.attr;
	config->attrs[1] = NULL;

	config->sysfs_metric.name = config->uuid;
	config->sysfs_metric.attrs = config->attrs;

	return sysfs_create_group(oa->metrics_kobj, &config->sysfs_metric);
}

/**
 * intel_oa_add_config_ioctl - DRM_IOCTL_I915_PERF_ADD_CONFIG
 * @dev: DRM device
 * @data: struct drm_i915_perf_oa_config
 * @file: DRM file
 *
 * Return: the new config id or a negative errno.
 */
int intel_oa_add_config_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	const struct intel_oa_hw_ops *ops = oa->ops;
	struct drm_i915_perf_oa_config *args = data;
	struct intel_oa_config *config, *tmp;
	struct intel_oa_reg *regs;
	u64 charge;
	int err, id;

	if (!oa->metrics_kobj) {
		drm_dbg(dev, "OA metrics weren't advertised via sysfs\n");
		return -EINVAL;
	}

	if (intel_oa_stream_paranoid() && !perfmon_capable()) {
		drm_dbg(dev, "insufficient privileges to add an OA config\n");
		return -EACCES;
	}

	if ((!args->mux_regs_ptr || !args->n_mux_regs) &&
	    (!args->boolean_regs_ptr || !args->n_boolean_regs) &&
	    (!args->flex_regs_ptr || !args->n_flex_regs)) {
		drm_dbg(dev, "no OA registers given\n");
		return -EINVAL;
	}

	config = kzalloc(sizeof(*config), GFP_KERNEL);
	if (!config)
		return -ENOMEM;

	config->oa = oa;
	kref_init(&config->ref);

	if (!uuid_is_valid(args->uuid)) {
		drm_dbg(dev, "invalid uuid format for OA config\n");
		err = -EINVAL;
		goto err_put;
	}
	/* uuid[36] stays NUL from kzalloc. */
	memcpy(config->uuid, args->uuid, sizeof(args->uuid));

	regs = alloc_oa_regs(oa, ops->mux_regs,
			     u64_to_user_ptr(args->mux_regs_ptr),
			     args->n_mux_regs);
	if (IS_ERR(regs)) {
		err = PTR_ERR(regs);
		goto err_put;
	}
	config->mux_regs = regs;
	config->mux_regs_len = args->n_mux_regs;

	regs = alloc_oa_regs(oa, ops->b_counter_regs,
			     u64_to_user_ptr(args->boolean_regs_ptr),
			     args->n_boolean_regs);
	if (IS_ERR(regs)) {
		err = PTR_ERR(regs);
		goto err_put;
	}
	config->b_counter_regs = regs;
	config->b_counter_regs_len = args->n_boolean_regs;

	regs = alloc_oa_regs(oa, ops->flex_regs,
			     u64_to_user_ptr(args->flex_regs_ptr),
			     args->n_flex_regs);
	if (IS_ERR(regs)) {
		err = PTR_ERR(regs);
		goto err_put;
	}
	config->flex_regs = regs;
	config->flex_regs_len = args->n_flex_regs;

	/*
	 * Every input i915 rejects has been rejected with i915's errno; what
	 * is left would be pinned until removed, so charge it now.
	 */
	charge = config_mem_bytes(args);
	err = config_mem_charge(oa, current_euid(), charge, perfmon_capable());
	if (err)
		goto err_put;
	/* from here config_release() returns the charge */
	config->owner = current_euid();
	config->charged = charge;

	err = mutex_lock_interruptible(&oa->metrics_lock);
	if (err)
		goto err_put;

	/* PCI remove may have run intel_oa_metrics_fini() meanwhile. */
	if (!oa->metrics_kobj) {
		err = -ENODEV;
		goto err_unlock;
	}

	idr_for_each_entry(&oa->metrics_idr, tmp, id) {
		if (!strcmp(tmp->uuid, config->uuid)) {
			drm_dbg(dev, "OA config %s already exists\n",
				config->uuid);
			err = -EADDRINUSE;
			goto err_unlock;
		}
	}

	err = create_sysfs_entry_locked(oa, config);
	if (err) {
		drm_dbg(dev, "failed to create sysfs entry for OA config\n");
		goto err_unlock;
	}

	/* Id 0 is invalid, 1 is i915's built-in test config. */
	config->id = idr_alloc(&oa->metrics_idr, config, 2, 0, GFP_KERNEL);
	if (config->id < 0) {
		err = config->id;
		sysfs_remove_group(oa->metrics_kobj, &config->sysfs_metric);
		goto err_unlock;
	}

	mutex_unlock(&oa->metrics_lock);

	drm_dbg(dev, "added OA config %s id=%d\n", config->uuid, config->id);
	return config->id;

err_unlock:
	mutex_unlock(&oa->metrics_lock);
err_put:
	intel_oa_config_put(config);
	drm_dbg(dev, "failed to add new OA config (%d)\n", err);
	return err;
}

/**
 * intel_oa_remove_config_ioctl - DRM_IOCTL_I915_PERF_REMOVE_CONFIG
 * @dev: DRM device
 * @data: u64 config id
 * @file: DRM file
 *
 * Return: 0, -EACCES, -ENOENT, or -EINTR if interrupted by a signal.
 */
int intel_oa_remove_config_ioctl(struct drm_device *dev, void *data,
				 struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct intel_oa_config *config;
	u64 *arg = data;
	int ret;

	if (intel_oa_stream_paranoid() && !perfmon_capable()) {
		drm_dbg(dev, "insufficient privileges to remove an OA config\n");
		return -EACCES;
	}

	ret = mutex_lock_interruptible(&oa->metrics_lock);
	if (ret)
		return ret;

	config = *arg && *arg <= INT_MAX ? idr_find(&oa->metrics_idr, *arg) :
					   NULL;
	if (!config) {
		drm_dbg(dev, "cannot remove unknown OA config %llu\n", *arg);
		ret = -ENOENT;
		goto out_unlock;
	}

	sysfs_remove_group(oa->metrics_kobj, &config->sysfs_metric);
	idr_remove(&oa->metrics_idr, config->id);
	mutex_unlock(&oa->metrics_lock);

	drm_dbg(dev, "removed OA config %s id=%d\n", config->uuid, config->id);
	intel_oa_config_put(config);
	return 0;

out_unlock:
	mutex_unlock(&oa->metrics_lock);
	return ret;
}

/**
 * intel_oa_metrics_init - create the card's "metrics" directory
 * @oa: registered device
 *
 * Return: 0 or -ENOMEM.
 */
int intel_oa_metrics_init(struct intel_oa_device *oa)
{
	mutex_lock(&oa->metrics_lock);
	oa->metrics_kobj = kobject_create_and_add("metrics",
						  &oa->drm.primary->kdev->kobj);
	mutex_unlock(&oa->metrics_lock);

	return oa->metrics_kobj ? 0 : -ENOMEM;
}

/**
 * intel_oa_metrics_fini - drop every config and the "metrics" directory
 * @oa: device, still registered
 */
void intel_oa_metrics_fini(struct intel_oa_device *oa)
{
	struct intel_oa_config *config;
	int id;

	mutex_lock(&oa->metrics_lock);
	idr_for_each_entry(&oa->metrics_idr, config, id) {
		sysfs_remove_group(oa->metrics_kobj, &config->sysfs_metric);
		idr_remove(&oa->metrics_idr, id);
		intel_oa_config_put(config);
	}
	kobject_put(oa->metrics_kobj);
	oa->metrics_kobj = NULL;
	mutex_unlock(&oa->metrics_lock);
}
