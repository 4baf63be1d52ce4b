// SPDX-License-Identifier: GPL-2.0
/*
 * GEM contexts: each DRM file's table of contexts, their parameters and
 * engine maps, and the slice/subslice/EU configuration rules.
 */

#include <linux/bitops.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "intel_oa.h"

/**
 * DOC: GEM contexts
 *
 * A DRM file has a table of contexts (&intel_oa_file.contexts): the
 * default context, id 0, made when the file is opened, and those it
 * creates, from id 1 on. A context (&struct intel_oa_gem_context) holds
 * what i915's uAPI lets a client set: the user flags (bannable,
 * recoverable, persistent, no error capture), a priority, the render
 * engine's slice/subslice/EU configuration and an engine map.
 *
 * As i915 does up to graphics version 12 (every generation here), a
 * created context is a proto-context until its first use (a GETPARAM,
 * later an execbuf): until then SETPARAM takes the engine map, after it
 * not (&intel_oa_gem_context.finalized).
 *
 * Where the generation has full PPGTTs (Gen8+) each context has an address
 * space (&struct intel_oa_gem_vm), its own unless it was given another's
 * with I915_CONTEXT_PARAM_VM; GEM_VM_CREATE makes one and GETPARAM VM
 * names a context's, each under a new id of the file (i915's vm_xa).
 *
 * A context's memory (the structure, its engine map, its VM) is charged
 * to the file's GEM client like its objects, so contexts too are bounded
 * by gem_client_mb.
 *
 * The hardware side (a logical ring context or a ring buffer, the
 * hardware context id OA reports carry) comes with submission.
 */

/**
 * intel_oa_sseu_device - the device's own render configuration
 * @oa: device
 *
 * i915's intel_sseu_from_device_info(): every slice, slice 0's
 * subslices, the most EUs per subslice as both bounds.
 *
 * Return: the configuration.
 */
struct intel_oa_sseu intel_oa_sseu_device(struct intel_oa_device *oa)
{
	const struct intel_oa_topology *t = &oa->topo;

	return (struct intel_oa_sseu) {
		.slice_mask = t->slice_mask,
		.subslice_mask = t->subslice_mask[0],
		.min_eus_per_subslice = t->max_eus_per_subslice,
		.max_eus_per_subslice = t->max_eus_per_subslice,
	};
}

/*
 * Gen11's power-gating rules (i915_gem_user_to_context_sseu()): whole
 * slices or one slice with all or half its subslices, an even subslice
 * count above 4, and every EU.
 */
static int gen11_sseu_check(struct intel_oa_device *oa,
			    const struct intel_oa_sseu *req, u64 min_eus,
			    u64 max_eus)
{
	const struct intel_oa_topology *t = &oa->topo;
	unsigned int hw_s = hweight8(t->slice_mask);
	unsigned int hw_ss = hweight32(t->subslice_mask[0]);
	unsigned int req_s = hweight8(req->slice_mask);
	unsigned int req_ss = hweight8(req->subslice_mask);

	if (req_s > 1 && req_ss != hw_ss)
		return -EINVAL;
	if (req_ss > 4 && (req_ss & 1))
		return -EINVAL;
	if (req_s == 1 && req_ss < hw_ss && req_ss > hw_ss / 2)
		return -EINVAL;
	if (req_s != 1 && req_s != hw_s)
		return -EINVAL;
	if (req_s == 1 && req_ss != hw_ss && req_ss != hw_ss / 2)
		return -EINVAL;
	if (min_eus != t->max_eus_per_subslice ||
	    max_eus != t->max_eus_per_subslice)
		return -EINVAL;
	return 0;
}

/**
 * intel_oa_sseu_from_user - check a user's render configuration
 * @oa: device
 * @user: the configuration as the uAPI gives it
 * @sseu: out: the configuration
 *
 * i915's i915_gem_user_to_context_sseu(), for contexts and for perf's
 * DRM_I915_PERF_PROP_GLOBAL_SSEU: every field non-zero, min <= max, each
 * within 8 bits and within the device's, and on Gen11 the power-gating
 * rules.
 *
 * Return: 0 or -EINVAL.
 */
int intel_oa_sseu_from_user(struct intel_oa_device *oa,
			    const struct drm_i915_gem_context_param_sseu *user,
			    struct intel_oa_sseu *sseu)
{
	const struct intel_oa_topology *t = &oa->topo;

	if (!user->slice_mask || !user->subslice_mask ||
	    !user->min_eus_per_subslice || !user->max_eus_per_subslice)
		return -EINVAL;
	if (user->max_eus_per_subslice < user->min_eus_per_subslice)
		return -EINVAL;
	if (user->slice_mask > U8_MAX || user->subslice_mask > U8_MAX ||
	    user->min_eus_per_subslice > U8_MAX ||
	    user->max_eus_per_subslice > U8_MAX)
		return -EINVAL;
	if (user->slice_mask & ~(u64)t->slice_mask)
		return -EINVAL;
	if (user->subslice_mask & ~(u64)t->subslice_mask[0])
		return -EINVAL;
	if (user->max_eus_per_subslice > t->max_eus_per_subslice)
		return -EINVAL;

	sseu->slice_mask = user->slice_mask;
	sseu->subslice_mask = user->subslice_mask;
	sseu->min_eus_per_subslice = user->min_eus_per_subslice;
	sseu->max_eus_per_subslice = user->max_eus_per_subslice;

	if (oa->gen->graphics_ver == 11)
		return gen11_sseu_check(oa, sseu, user->min_eus_per_subslice,
					user->max_eus_per_subslice);
	return 0;
}

/**
 * intel_oa_gem_context_gtt_size - bytes a context's batches can address
 * @oa: device
 *
 * Return: the full PPGTT's size where the generation has one, else the
 * GGTT's (i915's I915_CONTEXT_PARAM_GTT_SIZE).
 */
u64 intel_oa_gem_context_gtt_size(struct intel_oa_device *oa)
{
	unsigned int bits = intel_oa_gem_ppgtt_bits(oa);

	return bits ? BIT_ULL(bits) : oa->ggtt.size;
}

/* The VM's client pays for its page tables below the PML4. */
static int vm_tables_charge(void *owner, s64 bytes)
{
	struct intel_oa_gem_client *client = owner;

	if (bytes < 0) {
		intel_oa_gem_client_uncharge(client, -bytes);
		return 0;
	}
	return intel_oa_gem_client_charge(client, bytes);
}

static void vm_tables_release(void *owner)
{
	intel_oa_gem_client_put(owner);
}

static const struct intel_oa_ppgtt_owner vm_tables = {
	.charge = vm_tables_charge,
	.release = vm_tables_release,
};

/*
 * A VM's charge: itself and its PPGTT's top table (a table and its child
 * pointers) and, 3-level, the four page directories made with it.
 */
static u64 vm_charge(struct intel_oa_device *oa)
{
	u64 top = intel_oa_gem_ppgtt_bits(oa) > 32 ? 2 : 2 + 4 * 2;

	return sizeof(struct intel_oa_gem_vm) + (oa->el ? top * PAGE_SIZE : 0);
}

/**
 * intel_oa_gem_vm_create - a new address space
 * @oa: device, whose generation has full PPGTTs
 * @client: what it is charged to
 *
 * Where the device submits with execlists the VM has page tables from
 * the start (an empty PML4).
 *
 * Return: the VM (one reference), or ERR_PTR(-ENOMEM).
 */
struct intel_oa_gem_vm *intel_oa_gem_vm_create(struct intel_oa_device *oa,
					       struct intel_oa_gem_client *client)
{
	struct intel_oa_gem_vm *vm;
	int ret;

	ret = intel_oa_gem_client_charge(client, vm_charge(oa));
	if (ret)
		return ERR_PTR(ret);
	vm = kzalloc(sizeof(*vm), GFP_KERNEL);
	if (!vm)
		goto err;
	if (oa->el) {
		/* the page tables hold the client as long as they live */
		vm->ppgtt = intel_oa_ppgtt_create(oa,
						  intel_oa_gem_ppgtt_bits(oa),
						  &vm_tables, client);
		if (!vm->ppgtt) {
			kfree(vm);
			goto err;
		}
		kref_get(&client->ref);
	}
	kref_init(&vm->ref);
	kref_get(&client->ref);
	vm->client = client;
	vm->charge = vm_charge(oa);
	return vm;

err:
	intel_oa_gem_client_uncharge(client, vm_charge(oa));
	return ERR_PTR(-ENOMEM);
}

static void vm_release(struct kref *ref)
{
	struct intel_oa_gem_vm *vm = container_of(ref, struct intel_oa_gem_vm, ref);

	/* objects still bound in its page tables keep those alive */
	if (vm->ppgtt)
		intel_oa_ppgtt_put(vm->ppgtt);
	intel_oa_gem_client_uncharge(vm->client, vm->charge);
	intel_oa_gem_client_put(vm->client);
	kfree(vm);
}

/**
 * intel_oa_gem_vm_put - drop a reference to a VM
 * @vm: the VM
 */
void intel_oa_gem_vm_put(struct intel_oa_gem_vm *vm)
{
	kref_put(&vm->ref, vm_release);
}

/**
 * intel_oa_gem_vm_register - give a VM an id in its file
 * @priv: the file's driver state; &intel_oa_file.ctx_lock held
 * @vm: the VM (the table takes a new reference)
 * @id: out: its id, 1 or more
 *
 * Return: 0, -EBUSY or -ENOMEM.
 */
int intel_oa_gem_vm_register(struct intel_oa_file *priv,
			     struct intel_oa_gem_vm *vm, u32 *id)
{
	int ret;

	lockdep_assert_held(&priv->ctx_lock);
	ret = xa_alloc(&priv->vms, id, vm, xa_limit_32b, GFP_KERNEL);
	if (!ret)
		kref_get(&vm->ref);
	return ret;
}

/**
 * intel_oa_gem_vm_find - a VM by id
 * @priv: the file's driver state; &intel_oa_file.ctx_lock held
 * @id: the id
 *
 * Return: the VM (no reference: valid while the lock is held), or NULL.
 */
struct intel_oa_gem_vm *intel_oa_gem_vm_find(struct intel_oa_file *priv,
					     u32 id)
{
	lockdep_assert_held(&priv->ctx_lock);
	return xa_load(&priv->vms, id);
}

/**
 * intel_oa_gem_vm_remove - take a VM id out of its file's table
 * @priv: the file's driver state
 * @id: the id
 *
 * Return: the VM with the table's reference, or NULL.
 */
struct intel_oa_gem_vm *intel_oa_gem_vm_remove(struct intel_oa_file *priv,
					       u32 id)
{
	struct intel_oa_gem_vm *vm;

	mutex_lock(&priv->ctx_lock);
	vm = xa_erase(&priv->vms, id);
	mutex_unlock(&priv->ctx_lock);
	return vm;
}

/**
 * intel_oa_gem_context_set_vm - make a proto-context use a VM
 * @ctx: the context
 * @vm: the VM (the context takes a new reference)
 */
void intel_oa_gem_context_set_vm(struct intel_oa_gem_context *ctx,
				 struct intel_oa_gem_vm *vm)
{
	kref_get(&vm->ref);
	if (ctx->vm)
		intel_oa_gem_vm_put(ctx->vm);
	ctx->vm = vm;
}

/**
 * intel_oa_gem_context_create - a context with i915's defaults
 * @client: what its memory is charged to
 *
 * @oa: device
 *
 * Bannable, recoverable and persistent (i915 with hangcheck on), normal
 * priority, the default engine map with the device's configuration, and
 * its own VM where the generation has full PPGTTs.
 *
 * Return: the context (one reference), or ERR_PTR(-ENOMEM).
 */
struct intel_oa_gem_context *
intel_oa_gem_context_create(struct intel_oa_device *oa,
			    struct intel_oa_gem_client *client)
{
	struct intel_oa_gem_vm *vm = NULL;
	struct intel_oa_gem_context *ctx;
	int ret;

	if (intel_oa_gem_ppgtt_bits(oa)) {
		vm = intel_oa_gem_vm_create(oa, client);
		if (IS_ERR(vm))
			return ERR_CAST(vm);
	}
	ret = intel_oa_gem_client_charge(client, sizeof(*ctx));
	if (ret)
		goto err_vm;
	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx) {
		intel_oa_gem_client_uncharge(client, sizeof(*ctx));
		ret = -ENOMEM;
		goto err_vm;
	}
	ctx->vm = vm;
	kref_init(&ctx->ref);
	kref_get(&client->ref);
	ctx->client = client;
	ctx->charge = sizeof(*ctx);
	ctx->flags = INTEL_OA_CTX_BANNABLE | INTEL_OA_CTX_RECOVERABLE |
		     INTEL_OA_CTX_PERSISTENCE;
	ctx->num_user_engines = -1;
	return ctx;

err_vm:
	if (vm)
		intel_oa_gem_vm_put(vm);
	return ERR_PTR(ret);
}

/**
 * intel_oa_gem_context_set_engines - give a context an engine map
 * @ctx: a proto-context without one
 * @engines: the map (taken over, kmalloc()ed), NULL if @n is 0
 * @n: its slots
 *
 * Return: 0, or -ENOMEM past the client's limit (@engines is freed).
 */
int intel_oa_gem_context_set_engines(struct intel_oa_gem_context *ctx,
				     struct intel_oa_ctx_engine *engines,
				     unsigned int n)
{
	u64 bytes = (u64)n * sizeof(*engines);
	int ret;

	ret = intel_oa_gem_client_charge(ctx->client, bytes);
	if (ret) {
		kfree(engines);
		return ret;
	}
	ctx->charge += bytes;
	ctx->user_engines = engines;
	ctx->num_user_engines = n;
	return 0;
}

static void context_release(struct kref *ref)
{
	struct intel_oa_gem_context *ctx =
		container_of(ref, struct intel_oa_gem_context, ref);

	if (ctx->vm)
		intel_oa_gem_vm_put(ctx->vm);
	if (ctx->hw)
		intel_oa_hw_context_put(ctx->hw);
	intel_oa_gem_client_uncharge(ctx->client, ctx->charge);
	intel_oa_gem_client_put(ctx->client);
	kfree(ctx->user_engines);
	kfree(ctx);
}

/**
 * intel_oa_gem_context_hw - a context's render context image
 * @oa: device
 * @priv: the file's driver state, whose ctx_lock is held
 * @ctx: the context
 * @out: a new reference to its image, NULL where the generation loads none
 *
 * The image is made on first use (i915 pins ce->state the same way) and
 * charged to the context's client.
 *
 * Return: 0, -ENOMEM (no memory, or past the client's limit), -ENOSPC.
 */
int intel_oa_gem_context_hw(struct intel_oa_device *oa,
			    struct intel_oa_file *priv,
			    struct intel_oa_gem_context *ctx,
			    struct intel_oa_hw_context **out)
{
	int ret;

	lockdep_assert_held(&priv->ctx_lock);
	if (!ctx->hw) {
		/* the image and its ring count against the client's limit */
		u64 bytes = intel_oa_hw_context_bytes(oa);

		ret = intel_oa_gem_client_charge(ctx->client, bytes);
		if (ret)
			return ret;
		ret = intel_oa_hw_context_create(oa, ctx->vm ? ctx->vm->ppgtt :
						 NULL, &ctx->hw);
		if (ret || !ctx->hw) {
			intel_oa_gem_client_uncharge(ctx->client, bytes);
			return ret;
		}
		ctx->charge += bytes;
	}
	*out = ctx->hw ? intel_oa_hw_context_get(ctx->hw) : NULL;
	return 0;
}

/**
 * intel_oa_gem_context_put - drop a reference to a context
 * @ctx: the context
 */
void intel_oa_gem_context_put(struct intel_oa_gem_context *ctx)
{
	kref_put(&ctx->ref, context_release);
}

/**
 * intel_oa_gem_contexts_open - a new file's table and default context
 * @oa: device
 * @priv: the file's driver state, whose @gem is set
 *
 * Return: 0 or -ENOMEM.
 */
int intel_oa_gem_contexts_open(struct intel_oa_device *oa,
			       struct intel_oa_file *priv)
{
	struct intel_oa_gem_context *ctx;
	int ret;

	mutex_init(&priv->ctx_lock);
	xa_init_flags(&priv->contexts, XA_FLAGS_ALLOC1);
	xa_init_flags(&priv->vms, XA_FLAGS_ALLOC1);
	ctx = intel_oa_gem_context_create(oa, priv->gem);
	if (IS_ERR(ctx)) {
		ret = PTR_ERR(ctx);
		goto err;
	}
	ctx->finalized = true;
	ret = xa_err(xa_store(&priv->contexts, 0, ctx, GFP_KERNEL));
	if (ret) {
		intel_oa_gem_context_put(ctx);
		goto err;
	}
	return 0;

err:
	xa_destroy(&priv->vms);
	xa_destroy(&priv->contexts);
	mutex_destroy(&priv->ctx_lock);
	return ret;
}

/**
 * intel_oa_gem_contexts_close - drop every context of a closing file
 * @priv: the file's driver state
 */
void intel_oa_gem_contexts_close(struct intel_oa_file *priv)
{
	struct intel_oa_gem_context *ctx;
	struct intel_oa_gem_vm *vm;
	unsigned long id;

	xa_for_each(&priv->contexts, id, ctx)
		intel_oa_gem_context_put(ctx);
	xa_destroy(&priv->contexts);
	xa_for_each(&priv->vms, id, vm)
		intel_oa_gem_vm_put(vm);
	xa_destroy(&priv->vms);
	mutex_destroy(&priv->ctx_lock);
}

/**
 * intel_oa_gem_context_register - give a context an id in its file
 * @priv: the file's driver state; &intel_oa_file.ctx_lock held
 * @ctx: the context (the table takes the caller's reference)
 * @id: out: its id, 1 or more
 *
 * Return: 0, -EBUSY (every 32-bit id taken) or -ENOMEM.
 */
int intel_oa_gem_context_register(struct intel_oa_file *priv,
				  struct intel_oa_gem_context *ctx, u32 *id)
{
	lockdep_assert_held(&priv->ctx_lock);
	return xa_alloc(&priv->contexts, id, ctx, xa_limit_32b, GFP_KERNEL);
}

/**
 * intel_oa_gem_context_find - a context by id, as it is
 * @priv: the file's driver state; &intel_oa_file.ctx_lock held
 * @id: the id
 *
 * Return: the context (no reference: valid while the lock is held), or
 * NULL.
 */
struct intel_oa_gem_context *intel_oa_gem_context_find(struct intel_oa_file *priv,
						       u32 id)
{
	lockdep_assert_held(&priv->ctx_lock);
	return xa_load(&priv->contexts, id);
}

/**
 * intel_oa_gem_context_lookup - a context by id, for use
 * @priv: the file's driver state
 * @id: the id
 *
 * A proto-context becomes a context (i915_gem_context_lookup()).
 *
 * Return: the context with a reference, or NULL.
 */
struct intel_oa_gem_context *intel_oa_gem_context_lookup(struct intel_oa_file *priv,
							 u32 id)
{
	struct intel_oa_gem_context *ctx;

	mutex_lock(&priv->ctx_lock);
	ctx = xa_load(&priv->contexts, id);
	if (ctx) {
		ctx->finalized = true;
		kref_get(&ctx->ref);
	}
	mutex_unlock(&priv->ctx_lock);
	return ctx;
}

/**
 * intel_oa_gem_context_remove - take a context out of its file's table
 * @priv: the file's driver state
 * @id: the id, not 0
 *
 * Return: the context with the table's reference, or NULL.
 */
struct intel_oa_gem_context *intel_oa_gem_context_remove(struct intel_oa_file *priv,
							 u32 id)
{
	struct intel_oa_gem_context *ctx;

	mutex_lock(&priv->ctx_lock);
	ctx = xa_erase(&priv->contexts, id);
	mutex_unlock(&priv->ctx_lock);
	return ctx;
}
