// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_I915_GEM_EXECBUFFER2(_WR): run a batch of GEM objects on an
 * engine, with relocations, softpin and an out-fence.
 */

#include <linux/dma-fence.h>
#include <linux/dma-resv.h>
#include <linux/file.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sync_file.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: execbuf
 *
 * i915_gem_execbuffer2_ioctl() and i915_gem_do_execbuffer(), checked in
 * i915's order with i915's errnos:
 *
 * 1. the object count (1..INT_MAX): EINVAL; unknown or illegal flags
 *    (constants, resource streamer), cliprects, DR1/DR4, a batch start or
 *    length not a multiple of 8: EINVAL; the object list: EFAULT;
 * 2. I915_EXEC_SECURE: EPERM (no secure batches: i915's answer where
 *    HAS_SECURE_BATCHES is false); I915_EXEC_FENCE_ARRAY, extensions and
 *    in-fences (FENCE_IN, FENCE_SUBMIT): EINVAL, not implemented
 *    (HAS_EXEC_FENCE reads 0);
 * 3. the context (rsvd1): ENOENT; the engine (legacy ring selector or
 *    the context's engine map): EINVAL for none, ENODEV for an engine the
 *    driver does not submit to (everything but the render engine);
 * 4. each object: ENOENT for an unknown handle, EINVAL for one listed
 *    twice, unknown object flags, an alignment not a power of two, a
 *    softpin address not page aligned or non-canonical, a misaligned
 *    pad size; the batch: EINVAL if it is written (EXEC_OBJECT_WRITE) or
 *    the range runs past its end;
 * 5. the relocation lists are copied in (i915's eb_copy_relocations()):
 *    more than ULONG_MAX / entry size: EINVAL, unreadable: EFAULT, no
 *    memory for the copy: ENOMEM;
 * 6. the objects' reservations are locked (interrupted: EINTR) and each
 *    gets room for the batch's fence (ENOMEM), so nothing can fail once
 *    the batch runs;
 * 7. binding: a softpin address past the address space (4 GiB without
 *    EXEC_OBJECT_SUPPORTS_48B_ADDRESS in a 48-bit PPGTT) or not at the
 *    object's alignment: EINVAL; taken: ENOSPC; past the client's memory
 *    limit (page tables, the context image): ENOMEM;
 * 8. relocations (skipped where presumed_offset is right and
 *    I915_EXEC_NO_RELOC is set): an unknown target: ENOENT, two write
 *    domains or a domain that is not the GPU's: EINVAL, an offset not
 *    dword aligned or past the object: EINVAL. An object is patched only
 *    once the batches still using it have completed (ERESTARTSYS while
 *    waiting). Each target's address is written back to the entry's
 *    presumed_offset once the batch runs, best effort, as i915 does.
 *
 * Where a generation has no submission backend (&intel_oa_device.submit
 * is NULL: Gen11 and later for now) every execbuf is ENODEV and
 * I915_PARAM_HAS_EXECBUF2 is EINVAL, so no client mistakes the device for
 * one that runs batches.
 *
 * Objects are bound in the GGTT on Gen6/7 (no PPGTT, see "ring
 * submission") and in the context's VM on Gen8/9 (DOC "PPGTT"): an object
 * keeps its address from its first execbuf there until it is freed, unless
 * a later softpin moves it. The reservations stay locked from binding
 * until the batch's fence is in each of them (write usage for
 * EXEC_OBJECT_WRITE or a relocation's write domain, read otherwise), as
 * i915's execbuf holds its ww locks: another execbuf relocating the same
 * object waits for the lock and then sees the fence, so it never patches
 * an object under a running batch. Nothing touches user memory while they
 * are held. GEM_WAIT, GEM_BUSY and SET_DOMAIN see the fence; the objects
 * are referenced until it signals.
 */

#define GPU_DOMAINS	(I915_GEM_DOMAIN_RENDER | I915_GEM_DOMAIN_SAMPLER | \
			 I915_GEM_DOMAIN_COMMAND | I915_GEM_DOMAIN_INSTRUCTION | \
			 I915_GEM_DOMAIN_VERTEX)
#define EXEC_GFP	(GFP_KERNEL | __GFP_NOWARN | __GFP_RETRY_MAYFAIL)
#define ILLEGAL_FLAGS	(__I915_EXEC_UNKNOWN_FLAGS | I915_EXEC_CONSTANTS_MASK | \
			 I915_EXEC_RESOURCE_STREAMER)

/* What keeps an execbuf's objects alive until its fence signals. */
struct exec_hold {
	struct dma_fence_cb cb;
	struct work_struct work;
	unsigned int count;
	struct intel_oa_gem_object *objs[];
};

struct exec_state {
	struct intel_oa_device *oa;
	struct drm_i915_gem_execbuffer2 *args;
	struct drm_i915_gem_exec_object2 *exec;
	struct exec_hold *hold;
	struct intel_oa_hw_context *ctx;
	struct intel_oa_ppgtt *ppgtt;
	struct drm_gem_object **gobjs;
	struct drm_i915_gem_relocation_entry **relocs;
	u64 *offset;
	bool *written;
	bool *patched;
	bool bound;
	unsigned int count;
	unsigned int batch;
};

static void hold_release(struct work_struct *work)
{
	struct exec_hold *hold = container_of(work, struct exec_hold, work);
	unsigned int i;

	for (i = 0; i < hold->count; i++)
		if (hold->objs[i])
			intel_oa_gem_put(hold->objs[i]);
	kvfree(hold);
}

static void hold_signalled(struct dma_fence *fence, struct dma_fence_cb *cb)
{
	struct exec_hold *hold = container_of(cb, struct exec_hold, cb);

	/* Dropping an object may sleep: not in the signalling context. */
	queue_work(system_wq, &hold->work);
}

/* The engine of i915's legacy ring selector (eb_select_legacy_ring()). */
static int legacy_engine(struct intel_oa_device *oa, u64 flags)
{
	unsigned int ring = flags & I915_EXEC_RING_MASK;
	unsigned int bsd = (flags & I915_EXEC_BSD_MASK) >> I915_EXEC_BSD_SHIFT;

	if (ring != I915_EXEC_BSD && bsd)
		return -EINVAL;
	switch (ring) {
	case I915_EXEC_DEFAULT:
	case I915_EXEC_RENDER:
		return INTEL_OA_RCS0;
	case I915_EXEC_BSD:
		if (bsd > 2)
			return -EINVAL;
		return bsd == 2 ? INTEL_OA_VCS1 : INTEL_OA_VCS0;
	case I915_EXEC_BLT:
		return INTEL_OA_BCS0;
	case I915_EXEC_VEBOX:
		return INTEL_OA_VECS0;
	default:
		return -EINVAL;
	}
}

/* The engine the batch goes to, in the context's engine map. */
static int select_engine(struct intel_oa_device *oa,
			 struct intel_oa_gem_context *ctx, u64 flags)
{
	unsigned int idx = flags & I915_EXEC_RING_MASK;
	int id;

	if (ctx->num_user_engines < 0) {
		id = legacy_engine(oa, flags);
		if (id < 0)
			return id;
	} else {
		if (idx >= ctx->num_user_engines ||
		    !ctx->user_engines[idx].valid)
			return -EINVAL;
		id = ctx->user_engines[idx].id;
	}
	if (!(oa->platform->engines & BIT(id)))
		return -EINVAL;
	if (id != INTEL_OA_RCS0) {
		drm_dbg(&oa->drm, "execbuf: only the render engine runs batches\n");
		return -ENODEV;
	}
	return id;
}

/* eb_validate_vma() */
static int validate_object(const struct drm_i915_gem_exec_object2 *entry)
{
	if (entry->flags & __EXEC_OBJECT_UNKNOWN_FLAGS)
		return -EINVAL;
	if (entry->alignment & (entry->alignment - 1))
		return -EINVAL;
	if (entry->flags & EXEC_OBJECT_PINNED &&
	    entry->offset != (u64)sign_extend64(entry->offset & PAGE_MASK, 47))
		return -EINVAL;
	if (entry->flags & EXEC_OBJECT_PAD_TO_SIZE &&
	    offset_in_page(entry->rsvd1))
		return -EINVAL;
	return 0;
}

static int lookup_objects(struct exec_state *eb, struct drm_file *file)
{
	struct exec_hold *hold = eb->hold;
	unsigned int i, j;
	int ret;

	for (i = 0; i < eb->count; i++) {
		hold->objs[i] = intel_oa_gem_lookup(file, eb->exec[i].handle);
		if (!hold->objs[i])
			return -ENOENT;
		for (j = 0; j < i; j++)
			if (hold->objs[j] == hold->objs[i])
				return -EINVAL;
		ret = validate_object(&eb->exec[i]);
		if (ret)
			return ret;
	}

	/* eb_add_vma(): the batch is not written and holds the range */
	i = eb->batch;
	if (eb->exec[i].flags & EXEC_OBJECT_WRITE) {
		drm_dbg(&eb->oa->drm, "execbuf: self-modifying batch\n");
		return -EINVAL;
	}
	if (eb->args->batch_start_offset +
	    (u64)eb->args->batch_len > hold->objs[i]->base.size ||
	    eb->args->batch_start_offset >= hold->objs[i]->base.size) {
		drm_dbg(&eb->oa->drm, "execbuf: batch range past its end\n");
		return -EINVAL;
	}
	return 0;
}

/*
 * Where an object may end: the GGTT's size on Gen6/7; in a 48-bit PPGTT,
 * 4 GiB unless the object says it takes 48-bit addresses (i915's
 * PIN_ZONE_4G without EXEC_OBJECT_SUPPORTS_48B_ADDRESS); a 32-bit PPGTT's
 * size.
 */
static u64 bind_end(const struct exec_state *eb,
		    const struct drm_i915_gem_exec_object2 *entry)
{
	if (!eb->ppgtt)
		return eb->oa->ggtt.size;
	if (entry->flags & EXEC_OBJECT_SUPPORTS_48B_ADDRESS)
		return eb->ppgtt->size;
	return min_t(u64, eb->ppgtt->size, SZ_4G);
}

static int bind_object(struct exec_state *eb, unsigned int i, u64 fixed,
		       u64 align)
{
	struct intel_oa_gem_object *obj = eb->hold->objs[i];

	if (eb->ppgtt)
		return intel_oa_gem_bind_ppgtt(obj, eb->ppgtt, fixed, align,
					       bind_end(eb, &eb->exec[i]),
					       &eb->offset[i]);
	return intel_oa_gem_bind(obj, fixed, align, &eb->offset[i]);
}

static int bind_objects(struct exec_state *eb)
{
	unsigned int i;
	int ret;

	/* softpinned objects first, so the others do not take their place */
	for (i = 0; i < eb->count; i++) {
		struct drm_i915_gem_exec_object2 *entry = &eb->exec[i];
		struct intel_oa_gem_object *obj = eb->hold->objs[i];
		u64 want = entry->offset & ((1ull << 48) - 1);
		u64 align = max_t(u64, entry->alignment, PAGE_SIZE);

		if (!(entry->flags & EXEC_OBJECT_PINNED))
			continue;
		/* i915_vma_insert(): a fixed range must fit and be aligned */
		if (!IS_ALIGNED(want, align) ||
		    want + obj->base.size > bind_end(eb, entry))
			return -EINVAL;
		ret = bind_object(eb, i, want, align);
		if (ret)
			return ret;
	}
	for (i = 0; i < eb->count; i++) {
		struct drm_i915_gem_exec_object2 *entry = &eb->exec[i];

		if (entry->flags & EXEC_OBJECT_PINNED)
			continue;
		ret = bind_object(eb, i, U64_MAX, entry->alignment);
		if (ret)
			return ret;
	}
	return 0;
}

/* The index of a relocation's target, or -ENOENT. */
static int reloc_target(struct exec_state *eb, u32 handle)
{
	unsigned int i;

	if (eb->args->flags & I915_EXEC_HANDLE_LUT)
		return handle < eb->count ? handle : -ENOENT;
	for (i = 0; i < eb->count; i++)
		if (eb->exec[i].handle == handle)
			return i;
	return -ENOENT;
}

/* eb_relocate_entry(): write one target address into object @i. */
static int relocate_entry(struct exec_state *eb, unsigned int i,
			  struct drm_i915_gem_relocation_entry *reloc)
{
	struct intel_oa_gem_object *obj = eb->hold->objs[i];
	/* Gen8+ relocations are 64-bit (i915 use_64bit_reloc) */
	unsigned int bytes = eb->ppgtt ? 8 : 4;
	u64 value;
	int t;

	t = reloc_target(eb, reloc->target_handle);
	if (t < 0)
		return t;
	if (reloc->write_domain & (reloc->write_domain - 1))
		return -EINVAL;
	if ((reloc->write_domain | reloc->read_domains) & ~GPU_DOMAINS)
		return -EINVAL;
	if (reloc->write_domain)
		eb->written[t] = true;
	if (eb->args->flags & I915_EXEC_NO_RELOC &&
	    reloc->presumed_offset == eb->offset[t])
		return 0;
	if (reloc->offset > obj->base.size - bytes || reloc->offset & 3)
		return -EINVAL;

	/* not under the engine's feet: an earlier batch may still read it */
	if (!eb->patched[i]) {
		int ret = intel_oa_gem_wait(obj, MAX_SCHEDULE_TIMEOUT, true);

		if (ret)
			return ret;
		eb->patched[i] = true;
	}
	/* Gen6/7: one dword per relocation; Gen8+: two, low first */
	value = eb->offset[t] + reloc->delta;
	if (intel_oa_gem_patch(obj, reloc->offset, lower_32_bits(value)) ||
	    (bytes == 8 &&
	     intel_oa_gem_patch(obj, reloc->offset + 4, upper_32_bits(value))))
		return -ENOMEM;
	reloc->presumed_offset = eb->offset[t];
	return 1;
}

/* check_relocations(), eb_copy_relocations(): object @i's list, in. */
static int copy_relocs(struct exec_state *eb, unsigned int i)
{
	struct drm_i915_gem_relocation_entry __user *urelocs =
		u64_to_user_ptr(eb->exec[i].relocs_ptr);
	u32 n = eb->exec[i].relocation_count;
	unsigned long size;

	if (!n)
		return 0;
	if (n > ULONG_MAX / sizeof(**eb->relocs))
		return -EINVAL;
	size = (unsigned long)n * sizeof(**eb->relocs);
	if (!access_ok(urelocs, size))
		return -EFAULT;
	eb->relocs[i] = kvmalloc(size, EXEC_GFP);
	if (!eb->relocs[i])
		return -ENOMEM;
	if (copy_from_user(eb->relocs[i], urelocs, size))
		return -EFAULT;
	return 0;
}

/* Object @i's relocations, from the copy (the reservations are held). */
static int relocate_object(struct exec_state *eb, unsigned int i)
{
	u32 n = eb->exec[i].relocation_count;
	u32 r;
	int ret;

	for (r = 0; r < n; r++) {
		ret = relocate_entry(eb, i, &eb->relocs[i][r]);
		if (ret < 0)
			return ret;
		if (fatal_signal_pending(current))
			return -EINTR;
	}
	return 0;
}

/* i915 tells userspace where each target is, best effort. */
static void write_presumed(struct exec_state *eb)
{
	unsigned int i;
	u32 r;

	for (i = 0; i < eb->count; i++) {
		struct drm_i915_gem_relocation_entry __user *urelocs =
			u64_to_user_ptr(eb->exec[i].relocs_ptr);

		for (r = 0; eb->relocs[i] && r < eb->exec[i].relocation_count;
		     r++)
			if (put_user(eb->relocs[i][r].presumed_offset,
				     &urelocs[r].presumed_offset))
				return;
	}
}

/* Put the request's fence in every object's reservation object. */
/*
 * Lock every object's reservation (ww, with backoff) and make room for the
 * batch's fence in each, so publishing it cannot fail.
 */
static int lock_objects(struct exec_state *eb, struct ww_acquire_ctx *ww)
{
	unsigned int i;
	int ret;

	for (i = 0; i < eb->count; i++)
		eb->gobjs[i] = &eb->hold->objs[i]->base;
	ret = drm_gem_lock_reservations(eb->gobjs, eb->count, ww);
	if (ret)
		return ret;
	for (i = 0; i < eb->count; i++) {
		ret = dma_resv_reserve_fences(eb->gobjs[i]->resv, 1);
		if (ret) {
			drm_gem_unlock_reservations(eb->gobjs, eb->count, ww);
			return ret;
		}
	}
	return 0;
}

/* The batch's fence into every (locked) reservation. */
static void publish_fence(struct exec_state *eb, struct dma_fence *fence)
{
	unsigned int i;

	for (i = 0; i < eb->count; i++) {
		bool write = eb->exec[i].flags & EXEC_OBJECT_WRITE ||
			     eb->written[i];

		dma_resv_add_fence(eb->gobjs[i]->resv, fence, write ?
				   DMA_RESV_USAGE_WRITE : DMA_RESV_USAGE_READ);
	}
}

static int execbuf_checks(struct drm_i915_gem_execbuffer2 *args)
{
	if (args->flags & ILLEGAL_FLAGS)
		return -EINVAL;
	if (!(args->flags & (I915_EXEC_FENCE_ARRAY | I915_EXEC_USE_EXTENSIONS)) &&
	    (args->num_cliprects || args->cliprects_ptr))
		return -EINVAL;
	if (args->DR4 == 0xffffffff)
		args->DR4 = 0;
	if (args->DR1 || args->DR4)
		return -EINVAL;
	if ((args->batch_start_offset | args->batch_len) & 0x7)
		return -EINVAL;
	return 0;
}

/* The flags i915 accepts that this driver does not implement. */
static int execbuf_unsupported(struct intel_oa_device *oa, u64 flags)
{
	if (flags & I915_EXEC_SECURE)
		return -EPERM;
	if (flags & (I915_EXEC_FENCE_ARRAY | I915_EXEC_USE_EXTENSIONS |
		     I915_EXEC_FENCE_IN | I915_EXEC_FENCE_SUBMIT)) {
		drm_dbg(&oa->drm,
			"execbuf: fence arrays, extensions and in-fences are not implemented\n");
		return -EINVAL;
	}
	return 0;
}

static int do_execbuf(struct exec_state *eb, struct drm_file *file)
{
	struct intel_oa_device *oa = eb->oa;
	struct drm_i915_gem_execbuffer2 *args = eb->args;
	struct intel_oa_file *priv = file->driver_priv;
	struct intel_oa_gem_context *ctx;
	struct sync_file *sync = NULL;
	struct ww_acquire_ctx ww;
	struct dma_fence *fence;
	int out_fd = -1;
	unsigned int i;
	int ret;

	ret = execbuf_unsupported(oa, args->flags);
	if (ret)
		return ret;

	if (args->flags & I915_EXEC_FENCE_OUT) {
		out_fd = get_unused_fd_flags(O_CLOEXEC);
		if (out_fd < 0)
			return out_fd;
	}

	ctx = intel_oa_gem_context_lookup(priv, lower_32_bits(args->rsvd1));
	if (!ctx) {
		ret = -ENOENT;
		goto err_fd;
	}
	mutex_lock(&priv->ctx_lock);
	ret = select_engine(oa, ctx, args->flags);
	if (ret >= 0)
		ret = intel_oa_gem_context_hw(oa, priv, ctx, &eb->ctx);
	if (ret >= 0 && ctx->vm && ctx->vm->ppgtt)
		eb->ppgtt = intel_oa_ppgtt_get(ctx->vm->ppgtt);
	mutex_unlock(&priv->ctx_lock);
	intel_oa_gem_context_put(ctx);
	if (ret < 0)
		goto err_fd;

	ret = lookup_objects(eb, file);
	if (ret)
		goto err_fd;
	/* user memory is read before the reservations are held, not under */
	for (i = 0; i < eb->count; i++) {
		ret = copy_relocs(eb, i);
		if (ret)
			goto err_fd;
	}
	ret = lock_objects(eb, &ww);
	if (ret)
		goto err_fd;
	ret = bind_objects(eb);
	if (ret)
		goto err_unlock;
	eb->bound = true;
	for (i = 0; i < eb->count; i++) {
		ret = relocate_object(eb, i);
		if (ret)
			goto err_unlock;
	}

	fence = oa->submit(oa, eb->offset[eb->batch] + args->batch_start_offset,
			   eb->ctx);
	if (IS_ERR(fence)) {
		ret = PTR_ERR(fence);
		goto err_unlock;
	}

	/* From here the batch runs: errors no longer fail the ioctl. */
	publish_fence(eb, fence);
	drm_gem_unlock_reservations(eb->gobjs, eb->count, &ww);
	write_presumed(eb);
	if (out_fd >= 0) {
		sync = sync_file_create(fence);
		if (sync) {
			fd_install(out_fd, sync->file);
			args->rsvd2 &= GENMASK_ULL(31, 0);
			args->rsvd2 |= (u64)out_fd << 32;
		} else {
			put_unused_fd(out_fd);
		}
	}
	if (dma_fence_add_callback(fence, &eb->hold->cb, hold_signalled))
		hold_release(&eb->hold->work);
	eb->hold = NULL;
	dma_fence_put(fence);
	return 0;

err_unlock:
	drm_gem_unlock_reservations(eb->gobjs, eb->count, &ww);
	write_presumed(eb);
err_fd:
	if (out_fd >= 0)
		put_unused_fd(out_fd);
	return ret;
}

/* Write the objects' addresses back to the user's list, as i915. */
static void write_offsets(struct exec_state *eb)
{
	struct drm_i915_gem_exec_object2 __user *uexec =
		u64_to_user_ptr(eb->args->buffers_ptr);
	unsigned int i;

	if (!eb->bound)
		return;
	for (i = 0; i < eb->count; i++)
		if (put_user(eb->offset[i], &uexec[i].offset))
			return;
}

/**
 * intel_oa_execbuffer2_ioctl - DRM_IOCTL_I915_GEM_EXECBUFFER2(_WR)
 * @dev: DRM device
 * @data: struct drm_i915_gem_execbuffer2
 * @file: DRM file
 *
 * Return: 0 or a negative errno (see "execbuf").
 */
int intel_oa_execbuffer2_ioctl(struct drm_device *dev, void *data,
			       struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_gem_execbuffer2 *args = data;
	size_t count = args->buffer_count;
	struct exec_state eb = { .oa = oa, .args = args, .count = count };
	size_t i;
	int ret;

	if (!oa->submit) {
		drm_dbg(dev, "execbuf: this generation runs no batches yet\n");
		return -ENODEV;
	}
	if (count < 1 || count > INT_MAX ||
	    count > SIZE_MAX / sizeof(*eb.exec) - 1)
		return -EINVAL;
	ret = execbuf_checks(args);
	if (ret)
		return ret;

	/*
	 * The count is the caller's: a failed allocation is ENOMEM, never
	 * the OOM killer's business (i915 only adds __GFP_NOWARN).
	 */
	eb.exec = kvmalloc_array(count, sizeof(*eb.exec), EXEC_GFP);
	eb.offset = kvcalloc(count, sizeof(*eb.offset), EXEC_GFP);
	eb.written = kvcalloc(count, sizeof(*eb.written), EXEC_GFP);
	eb.patched = kvcalloc(count, sizeof(*eb.patched), EXEC_GFP);
	eb.hold = kvzalloc(struct_size(eb.hold, objs, count), EXEC_GFP);
	eb.gobjs = kvmalloc_array(count, sizeof(*eb.gobjs), EXEC_GFP);
	eb.relocs = kvcalloc(count, sizeof(*eb.relocs), EXEC_GFP);
	if (!eb.exec || !eb.offset || !eb.written || !eb.patched || !eb.hold ||
	    !eb.gobjs || !eb.relocs) {
		ret = -ENOMEM;
		goto out;
	}
	INIT_WORK(&eb.hold->work, hold_release);
	eb.hold->count = count;
	if (copy_from_user(eb.exec, u64_to_user_ptr(args->buffers_ptr),
			   count * sizeof(*eb.exec))) {
		ret = -EFAULT;
		goto out;
	}
	eb.batch = args->flags & I915_EXEC_BATCH_FIRST ? 0 : count - 1;

	ret = do_execbuf(&eb, file);
	if (!(args->flags & I915_EXEC_NO_RELOC))
		write_offsets(&eb);

out:
	if (eb.ctx)
		intel_oa_hw_context_put(eb.ctx);
	if (eb.ppgtt)
		intel_oa_ppgtt_put(eb.ppgtt);
	if (eb.hold)
		hold_release(&eb.hold->work);
	if (eb.relocs)
		for (i = 0; i < count; i++)
			kvfree(eb.relocs[i]);
	kvfree(eb.relocs);
	kvfree(eb.gobjs);
	kvfree(eb.patched);
	kvfree(eb.written);
	kvfree(eb.offset);
	kvfree(eb.exec);
	return ret;
}
