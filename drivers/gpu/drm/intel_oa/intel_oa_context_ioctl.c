// SPDX-License-Identifier: GPL-2.0
/*
 * The GEM context ioctls with i915's arguments, checks and errnos.
 */

#include <linux/capability.h>
#include <linux/nospec.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: GEM context ioctls
 *
 * CONTEXT_CREATE(_EXT), CONTEXT_DESTROY, CONTEXT_GETPARAM and
 * CONTEXT_SETPARAM follow i915_gem_context.c: i915_gem_context_create_ioctl()
 * with set_proto_ctx_param() for a proto-context, ctx_setparam() and
 * i915_gem_context_getparam_ioctl() for a context. What the device lacks
 * is answered as i915 answers for hardware without it:
 *
 * - no scheduler with priorities: PRIORITY can be read (0), setting it is
 *   ENODEV;
 * - no engine reset or preemption: persistence cannot be switched off
 *   (ENODEV); contexts are persistent, as i915's with hangcheck on;
 * - no PXP: protected content is ENODEV;
 * - SSEU can be set on Gen11 only (ENODEV elsewhere), read everywhere;
 * - no full PPGTT on Gen6/7: the VM ioctls and parameter are ENODEV
 *   there;
 * - engine maps: physical engines and holes; a load-balanced slot runs on
 *   its first sibling; bonding is ENODEV (i915's answer on Gen12+ parts
 *   other than Tiger Lake, Rocket Lake and Alder Lake-S); parallel
 *   submission, which i915 does only through GuC submission, is ENODEV
 *   once i915's checks pass.
 */

/* i915's I915_CONTEXT_CREATE_FLAGS_UNKNOWN. */
#define CREATE_FLAGS_KNOWN	(I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS | \
				 I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE)
/* I915_EXEC_RING_MASK + 1: the most slots an engine map has. */
#define MAX_USER_ENGINES	64
/* The extension around its struct i915_user_extension (its first member). */
#define container_of_user(ptr, type, member) \
	((type __user *)((void __user *)(ptr) - offsetof(type, member)))

/* Execlists (and so load balancing, single timelines) from Gen8 on. */
#define HAS_EXECLISTS(oa)	((oa)->gen->graphics_ver >= 8)

static struct intel_oa_file *file_priv(struct drm_file *file)
{
	return file->driver_priv;
}

/* Read a u32 or u64 that must be zero: -EFAULT, -EINVAL or 0. */
static int mbz32(const u32 __user *p)
{
	u32 v;

	if (get_user(v, p))
		return -EFAULT;
	return v ? -EINVAL : 0;
}

static int mbz64(const u64 __user *p)
{
	u64 v;

	if (get_user(v, p))
		return -EFAULT;
	return v ? -EINVAL : 0;
}

/* The engine map being built by set_engines() and its extensions. */
struct set_engines {
	struct intel_oa_device *oa;
	unsigned int n;
	struct intel_oa_ctx_engine *engines;
};

/* Look up @ci's engine: its id, or -EFAULT / -EINVAL. */
static int user_engine(struct intel_oa_device *oa,
		       const struct i915_engine_class_instance __user *ci)
{
	struct i915_engine_class_instance e;
	int id;

	if (copy_from_user(&e, ci, sizeof(e)))
		return -EFAULT;
	id = intel_oa_engine_lookup_user(oa, e.engine_class,
					 e.engine_instance);
	return id < 0 ? -EINVAL : id;
}

/* set_proto_ctx_engines_balance(): a slot of one or more siblings. */
static int engines_balance(struct i915_user_extension __user *base,
			   void *data)
{
	struct i915_context_engines_load_balance __user *ext =
		container_of_user(base, typeof(*ext), base);
	struct set_engines *set = data;
	u16 idx, num_siblings;
	int err, first = -1, id;
	unsigned int n;

	if (!HAS_EXECLISTS(set->oa))
		return -ENODEV;
	if (get_user(idx, &ext->engine_index))
		return -EFAULT;
	if (idx >= set->n)
		return -EINVAL;
	idx = array_index_nospec(idx, set->n);
	if (set->engines[idx].valid)
		return -EEXIST;
	if (get_user(num_siblings, &ext->num_siblings))
		return -EFAULT;
	err = mbz32(&ext->flags);
	if (err)
		return err;
	err = mbz64(&ext->mbz64);
	if (err)
		return err;
	if (!num_siblings)
		return 0;
	for (n = 0; n < num_siblings; n++) {
		id = user_engine(set->oa, &ext->engines[n]);
		if (id < 0)
			return id;
		if (first < 0)
			first = id;
	}
	/* The slot balances over its siblings by running on the first. */
	set->engines[idx].valid = true;
	set->engines[idx].id = first;
	return 0;
}

static int engines_bond(struct i915_user_extension __user *base, void *data)
{
	return -ENODEV;
}

/* set_proto_ctx_engines_parallel_submit() without GuC submission. */
static int engines_parallel(struct i915_user_extension __user *base,
			    void *data)
{
	struct i915_context_engines_parallel_submit __user *ext =
		container_of_user(base, typeof(*ext), base);
	struct set_engines *set = data;
	u16 slot, width, num_siblings;
	int err, id, prev_class = -1;
	unsigned int n;
	u64 flags;

	if (get_user(slot, &ext->engine_index) ||
	    get_user(width, &ext->width) ||
	    get_user(num_siblings, &ext->num_siblings))
		return -EFAULT;
	if (num_siblings != 1)
		return -EINVAL;
	if (slot >= set->n)
		return -EINVAL;
	slot = array_index_nospec(slot, set->n);
	if (set->engines[slot].valid)
		return -EINVAL;
	if (get_user(flags, &ext->flags))
		return -EFAULT;
	if (flags)
		return -EINVAL;
	for (n = 0; n < ARRAY_SIZE(ext->mbz64); n++) {
		err = mbz64(&ext->mbz64[n]);
		if (err)
			return err;
	}
	if (width < 2)
		return -EINVAL;
	for (n = 0; n < width; n++) {
		struct i915_engine_class_instance ci;

		if (copy_from_user(&ci, &ext->engines[n], sizeof(ci)))
			return -EFAULT;
		id = intel_oa_engine_lookup_user(set->oa, ci.engine_class,
						 ci.engine_instance);
		if (id < 0 || ci.engine_class == I915_ENGINE_CLASS_RENDER ||
		    ci.engine_class == I915_ENGINE_CLASS_COMPUTE)
			return -EINVAL;
		if (prev_class >= 0 && ci.engine_class != prev_class)
			return -EINVAL;
		prev_class = ci.engine_class;
	}
	return -ENODEV;
}

static const intel_oa_user_extension_fn engines_extensions[] = {
	[I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE] = engines_balance,
	[I915_CONTEXT_ENGINES_EXT_BOND] = engines_bond,
	[I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT] = engines_parallel,
};

/* set_proto_ctx_engines(). */
static int set_engines(struct intel_oa_device *oa,
		       struct intel_oa_gem_context *ctx,
		       const struct drm_i915_gem_context_param *args)
{
	struct i915_context_param_engines __user *user =
		u64_to_user_ptr(args->value);
	struct set_engines set = { .oa = oa };
	unsigned int n;
	u64 extensions;
	int err, id;

	if (ctx->num_user_engines >= 0)
		return -EINVAL;
	if (args->size < sizeof(*user) ||
	    !IS_ALIGNED(args->size - sizeof(*user), sizeof(*user->engines)))
		return -EINVAL;
	set.n = (args->size - sizeof(*user)) / sizeof(*user->engines);
	if (set.n > MAX_USER_ENGINES)
		return -EINVAL;

	set.engines = kcalloc(set.n, sizeof(*set.engines), GFP_KERNEL);
	if (set.n && !set.engines)
		return -ENOMEM;
	for (n = 0; n < set.n; n++) {
		struct i915_engine_class_instance ci;

		if (copy_from_user(&ci, &user->engines[n], sizeof(ci))) {
			kfree(set.engines);
			return -EFAULT;
		}
		if (ci.engine_class == (u16)I915_ENGINE_CLASS_INVALID &&
		    ci.engine_instance == (u16)I915_ENGINE_CLASS_INVALID_NONE)
			continue;
		id = intel_oa_engine_lookup_user(oa, ci.engine_class,
						 ci.engine_instance);
		if (id < 0) {
			kfree(set.engines);
			return -ENOENT;
		}
		set.engines[n].valid = true;
		set.engines[n].id = id;
	}

	err = -EFAULT;
	if (!get_user(extensions, &user->extensions))
		err = intel_oa_user_extensions(u64_to_user_ptr(extensions),
					       engines_extensions,
					       ARRAY_SIZE(engines_extensions),
					       &set);
	if (err) {
		kfree(set.engines);
		return err;
	}
	return intel_oa_gem_context_set_engines(ctx, set.engines, set.n);
}

/*
 * The render engine whose configuration @user names, as the context's
 * engine map reads it (lookup_user_engine()): its configuration, or an
 * ERR_PTR: -EINVAL for no such engine, @not_render for another class.
 */
static struct intel_oa_sseu *
sseu_slot(struct intel_oa_device *oa, struct intel_oa_gem_context *ctx,
	  const struct drm_i915_gem_context_param_sseu *user, int not_render,
	  u8 *engine)
{
	bool by_index = user->flags & I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX;
	bool has_map = ctx->num_user_engines >= 0;
	struct intel_oa_ctx_engine *slot;
	int id;

	if (by_index != has_map)
		return ERR_PTR(-EINVAL);
	if (!by_index) {
		id = intel_oa_engine_lookup_user(oa, user->engine.engine_class,
						 user->engine.engine_instance);
		if (id < 0)
			return ERR_PTR(-EINVAL);
		*engine = id;
		return id == INTEL_OA_RCS0 ? &ctx->rcs_sseu : ERR_PTR(not_render);
	}
	if (user->engine.engine_instance >= ctx->num_user_engines)
		return ERR_PTR(-EINVAL);
	slot = &ctx->user_engines[array_index_nospec(user->engine.engine_instance,
						     ctx->num_user_engines)];
	if (!slot->valid)
		return ERR_PTR(-EINVAL);
	*engine = slot->id;
	return slot->id == INTEL_OA_RCS0 ? &slot->sseu : ERR_PTR(not_render);
}

/* set_proto_ctx_sseu() (@proto) and set_sseu(). */
static int set_sseu(struct intel_oa_device *oa,
		    struct intel_oa_gem_context *ctx,
		    struct drm_i915_gem_context_param *args, bool proto)
{
	struct drm_i915_gem_context_param_sseu user;
	struct intel_oa_sseu *sseu;
	u8 engine;
	int ret;

	if (args->size < sizeof(user))
		return -EINVAL;
	if (oa->gen->graphics_ver != 11)
		return -ENODEV;
	if (copy_from_user(&user, u64_to_user_ptr(args->value), sizeof(user)))
		return -EFAULT;
	if (user.rsvd)
		return -EINVAL;
	if (user.flags & ~I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX)
		return -EINVAL;

	/* A proto-context's map names render 0 only (EINVAL otherwise). */
	sseu = sseu_slot(oa, ctx, &user, proto ? -EINVAL : -ENODEV, &engine);
	if (IS_ERR(sseu))
		return PTR_ERR(sseu);
	if (proto && ctx->num_user_engines < 0 &&
	    user.engine.engine_instance != 0)
		return -EINVAL;
	ret = intel_oa_sseu_from_user(oa, &user, sseu);
	if (ret)
		return ret;
	args->size = sizeof(user);
	return 0;
}

/* set_proto_ctx_vm(): another VM of the file. */
static int set_vm(struct intel_oa_device *oa, struct intel_oa_file *priv,
		  struct intel_oa_gem_context *ctx,
		  const struct drm_i915_gem_context_param *args)
{
	struct intel_oa_gem_vm *vm;

	if (args->size)
		return -EINVAL;
	if (!intel_oa_gem_ppgtt_bits(oa))
		return -ENODEV;
	if (upper_32_bits(args->value))
		return -ENOENT;
	vm = intel_oa_gem_vm_find(priv, args->value);
	if (!vm)
		return -ENOENT;
	intel_oa_gem_context_set_vm(ctx, vm);
	return 0;
}

/* A user flag parameter: no size, any value non-zero sets it. */
static int set_flag(struct intel_oa_gem_context *ctx, u32 flag,
		    const struct drm_i915_gem_context_param *args)
{
	if (args->size)
		return -EINVAL;
	if (args->value)
		ctx->flags |= flag;
	else
		ctx->flags &= ~flag;
	return 0;
}

/* set_proto_ctx_param() (@proto) and ctx_setparam(). */
static int set_param(struct intel_oa_device *oa, struct intel_oa_file *priv,
		     struct intel_oa_gem_context *ctx,
		     struct drm_i915_gem_context_param *args, bool proto)
{
	switch (args->param) {
	case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
		return set_flag(ctx, INTEL_OA_CTX_NO_ERROR_CAPTURE, args);
	case I915_CONTEXT_PARAM_BANNABLE:
		if (!args->size && !capable(CAP_SYS_ADMIN) && !args->value)
			return -EPERM;
		return set_flag(ctx, INTEL_OA_CTX_BANNABLE, args);
	case I915_CONTEXT_PARAM_RECOVERABLE:
		return set_flag(ctx, INTEL_OA_CTX_RECOVERABLE, args);
	case I915_CONTEXT_PARAM_PRIORITY:
		/* validate_priority(): no scheduler priorities. */
		return args->size ? -EINVAL : -ENODEV;
	case I915_CONTEXT_PARAM_SSEU:
		return set_sseu(oa, ctx, args, proto);
	case I915_CONTEXT_PARAM_PERSISTENCE:
		if (args->size)
			return -EINVAL;
		/* Persistent already; off needs preemption and engine reset. */
		return args->value ? 0 : -ENODEV;
	case I915_CONTEXT_PARAM_VM:
		return proto ? set_vm(oa, priv, ctx, args) : -EINVAL;
	case I915_CONTEXT_PARAM_ENGINES:
		return proto ? set_engines(oa, ctx, args) : -EINVAL;
	case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
		if (!proto)
			return -EINVAL;
		return args->value ? -ENODEV : 0;
	default:
		return -EINVAL;
	}
}

/* The create_ext SETPARAM extension (create_setparam()). */
struct create_ext {
	struct intel_oa_device *oa;
	struct intel_oa_file *priv;
	struct intel_oa_gem_context *ctx;
};

static int create_setparam(struct i915_user_extension __user *ext,
			   void *data)
{
	struct drm_i915_gem_context_create_ext_setparam local;
	struct create_ext *arg = data;

	if (copy_from_user(&local, ext, sizeof(local)))
		return -EFAULT;
	if (local.param.ctx_id)
		return -EINVAL;
	return set_param(arg->oa, arg->priv, arg->ctx, &local.param, true);
}

static int create_clone(struct i915_user_extension __user *ext, void *data)
{
	return -EINVAL;
}

static const intel_oa_user_extension_fn create_extensions[] = {
	[I915_CONTEXT_CREATE_EXT_SETPARAM] = create_setparam,
	[I915_CONTEXT_CREATE_EXT_CLONE] = create_clone,
};

/**
 * intel_oa_context_create_ioctl - DRM_IOCTL_I915_GEM_CONTEXT_CREATE(_EXT)
 * @dev: DRM device
 * @data: struct drm_i915_gem_context_create_ext
 * @file: DRM file
 *
 * Return: 0, -EINVAL (unknown flags; SINGLE_TIMELINE before Gen8; a bad
 * extension or parameter), the parameters' errnos, -EFAULT, -ENOMEM.
 */
int intel_oa_context_create_ioctl(struct drm_device *dev, void *data,
				  struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_context_create_ext *args = data;
	struct intel_oa_file *priv = file_priv(file);
	struct create_ext ext = { .oa = oa, .priv = priv };
	int ret;
	u32 id;

	if (args->flags & ~CREATE_FLAGS_KNOWN)
		return -EINVAL;
	if ((args->flags & I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE) &&
	    !HAS_EXECLISTS(oa))
		return -EINVAL;

	ext.ctx = intel_oa_gem_context_create(oa, priv->gem);
	if (IS_ERR(ext.ctx))
		return PTR_ERR(ext.ctx);
	ext.ctx->single_timeline =
		args->flags & I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE;

	mutex_lock(&priv->ctx_lock);
	if (args->flags & I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS) {
		ret = intel_oa_user_extensions(u64_to_user_ptr(args->extensions),
					       create_extensions,
					       ARRAY_SIZE(create_extensions),
					       &ext);
		if (ret)
			goto err;
	}
	ret = intel_oa_gem_context_register(priv, ext.ctx, &id);
	if (ret)
		goto err;
	mutex_unlock(&priv->ctx_lock);
	args->ctx_id = id;
	return 0;

err:
	mutex_unlock(&priv->ctx_lock);
	intel_oa_gem_context_put(ext.ctx);
	return ret;
}

/**
 * intel_oa_context_destroy_ioctl - DRM_IOCTL_I915_GEM_CONTEXT_DESTROY
 * @dev: DRM device
 * @data: struct drm_i915_gem_context_destroy
 * @file: DRM file
 *
 * Return: 0, -EINVAL (pad), -ENOENT (id 0, the default context, or no such
 * context).
 */
int intel_oa_context_destroy_ioctl(struct drm_device *dev, void *data,
				   struct drm_file *file)
{
	struct drm_i915_gem_context_destroy *args = data;
	struct intel_oa_gem_context *ctx;

	if (args->pad)
		return -EINVAL;
	if (!args->ctx_id)
		return -ENOENT;
	ctx = intel_oa_gem_context_remove(file_priv(file), args->ctx_id);
	if (!ctx)
		return -ENOENT;
	intel_oa_gem_context_put(ctx);
	return 0;
}

/* get_sseu(). */
static int get_sseu(struct intel_oa_device *oa,
		    struct intel_oa_gem_context *ctx,
		    struct drm_i915_gem_context_param *args)
{
	struct drm_i915_gem_context_param_sseu user;
	struct intel_oa_sseu *slot, sseu = intel_oa_sseu_device(oa);
	u8 engine;

	if (!args->size)
		goto out;
	if (args->size < sizeof(user))
		return -EINVAL;
	if (copy_from_user(&user, u64_to_user_ptr(args->value), sizeof(user)))
		return -EFAULT;
	if (user.rsvd)
		return -EINVAL;
	if (user.flags & ~I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX)
		return -EINVAL;

	/* Another class's engine has the device's configuration. */
	slot = sseu_slot(oa, ctx, &user, 0, &engine);
	if (IS_ERR(slot))
		return PTR_ERR(slot);
	if (slot && slot->slice_mask)
		sseu = *slot;

	user.slice_mask = sseu.slice_mask;
	user.subslice_mask = sseu.subslice_mask;
	user.min_eus_per_subslice = sseu.min_eus_per_subslice;
	user.max_eus_per_subslice = sseu.max_eus_per_subslice;
	if (copy_to_user(u64_to_user_ptr(args->value), &user, sizeof(user)))
		return -EFAULT;
out:
	args->size = sizeof(user);
	return 0;
}

/**
 * intel_oa_context_getparam_ioctl - DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM
 * @dev: DRM device
 * @data: struct drm_i915_gem_context_param
 * @file: DRM file
 *
 * Return: 0, -ENOENT (no such context), -EINVAL (a parameter that cannot
 * be read), -ENODEV (VM without a full PPGTT), the SSEU read's errnos.
 */
int intel_oa_context_getparam_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_context_param *args = data;
	struct intel_oa_file *priv = file_priv(file);
	struct intel_oa_gem_context *ctx;
	int ret = 0;
	u32 id;

	ctx = intel_oa_gem_context_lookup(priv, args->ctx_id);
	if (!ctx)
		return -ENOENT;

	mutex_lock(&priv->ctx_lock);
	switch (args->param) {
	case I915_CONTEXT_PARAM_GTT_SIZE:
		args->size = 0;
		args->value = intel_oa_gem_context_gtt_size(oa);
		break;
	case I915_CONTEXT_PARAM_NO_ERROR_CAPTURE:
		args->size = 0;
		args->value = !!(ctx->flags & INTEL_OA_CTX_NO_ERROR_CAPTURE);
		break;
	case I915_CONTEXT_PARAM_BANNABLE:
		args->size = 0;
		args->value = !!(ctx->flags & INTEL_OA_CTX_BANNABLE);
		break;
	case I915_CONTEXT_PARAM_RECOVERABLE:
		args->size = 0;
		args->value = !!(ctx->flags & INTEL_OA_CTX_RECOVERABLE);
		break;
	case I915_CONTEXT_PARAM_PRIORITY:
		args->size = 0;
		args->value = ctx->priority;
		break;
	case I915_CONTEXT_PARAM_PERSISTENCE:
		args->size = 0;
		args->value = !!(ctx->flags & INTEL_OA_CTX_PERSISTENCE);
		break;
	case I915_CONTEXT_PARAM_PROTECTED_CONTENT:
		args->size = 0;
		args->value = 0;
		break;
	case I915_CONTEXT_PARAM_SSEU:
		ret = get_sseu(oa, ctx, args);
		break;
	case I915_CONTEXT_PARAM_VM:
		/* get_ppgtt(): a new id of the file for the context's VM. */
		if (!ctx->vm) {
			ret = -ENODEV;
			break;
		}
		ret = intel_oa_gem_vm_register(priv, ctx->vm, &id);
		if (!ret) {
			args->size = 0;
			args->value = id;
		}
		break;
	default:
		ret = -EINVAL;
		break;
	}
	mutex_unlock(&priv->ctx_lock);
	intel_oa_gem_context_put(ctx);
	return ret;
}

/**
 * intel_oa_context_setparam_ioctl - DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM
 * @dev: DRM device
 * @data: struct drm_i915_gem_context_param
 * @file: DRM file
 *
 * A proto-context takes what i915's set_proto_ctx_param() takes (the
 * engine map among them), a context what ctx_setparam() takes.
 *
 * Return: 0, -ENOENT (no such context), the parameter's errnos.
 */
int intel_oa_context_setparam_ioctl(struct drm_device *dev, void *data,
				    struct drm_file *file)
{
	struct drm_i915_gem_context_param *args = data;
	struct intel_oa_file *priv = file_priv(file);
	struct intel_oa_gem_context *ctx;
	int ret;

	mutex_lock(&priv->ctx_lock);
	ctx = intel_oa_gem_context_find(priv, args->ctx_id);
	ret = ctx ? set_param(to_intel_oa(dev), priv, ctx, args,
			      !ctx->finalized) : -ENOENT;
	mutex_unlock(&priv->ctx_lock);
	return ret;
}

/**
 * intel_oa_vm_create_ioctl - DRM_IOCTL_I915_GEM_VM_CREATE
 * @dev: DRM device
 * @data: struct drm_i915_gem_vm_control
 * @file: DRM file
 *
 * i915_gem_vm_create_ioctl(): a new address space under a new id.
 *
 * Return: 0, -ENODEV (no full PPGTT: Gen6/7), -EINVAL (flags, any
 * extension), -EFAULT, -ENOMEM.
 */
int intel_oa_vm_create_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_vm_control *args = data;
	struct intel_oa_file *priv = file_priv(file);
	struct intel_oa_gem_vm *vm;
	int ret;
	u32 id;

	if (!intel_oa_gem_ppgtt_bits(oa))
		return -ENODEV;
	if (args->flags)
		return -EINVAL;
	vm = intel_oa_gem_vm_create(oa, priv->gem);
	if (IS_ERR(vm))
		return PTR_ERR(vm);
	ret = intel_oa_user_extensions(u64_to_user_ptr(args->extensions),
				       NULL, 0, NULL);
	if (!ret) {
		mutex_lock(&priv->ctx_lock);
		ret = intel_oa_gem_vm_register(priv, vm, &id);
		mutex_unlock(&priv->ctx_lock);
	}
	intel_oa_gem_vm_put(vm);
	if (ret)
		return ret;
	args->vm_id = id;
	return 0;
}

/**
 * intel_oa_vm_destroy_ioctl - DRM_IOCTL_I915_GEM_VM_DESTROY
 * @dev: DRM device
 * @data: struct drm_i915_gem_vm_control
 * @file: DRM file
 *
 * i915_gem_vm_destroy_ioctl(): the id goes; contexts using the VM keep it.
 *
 * Return: 0, -EINVAL (flags, extensions), -ENOENT (no such id).
 */
int intel_oa_vm_destroy_ioctl(struct drm_device *dev, void *data,
			      struct drm_file *file)
{
	struct drm_i915_gem_vm_control *args = data;
	struct intel_oa_gem_vm *vm;

	if (args->flags || args->extensions)
		return -EINVAL;
	vm = intel_oa_gem_vm_remove(file_priv(file), args->vm_id);
	if (!vm)
		return -ENOENT;
	intel_oa_gem_vm_put(vm);
	return 0;
}
