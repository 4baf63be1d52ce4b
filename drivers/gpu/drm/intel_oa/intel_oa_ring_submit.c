// SPDX-License-Identifier: GPL-2.0
/*
 * Submission on Gen6/7: the render engine's ring buffer, its status page
 * and the requests whose fences its user interrupt signals.
 */

#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: ring submission
 *
 * Sandy Bridge, Ivy Bridge, Valleyview and Haswell run batches the way
 * i915's legacy ring submission does (i915 intel_ring_submission.c and
 * gen6_engine_cs.c): one ring buffer for the render engine in GGTT
 * memory, RING_START/RING_CTL programmed once (xcs_resume()), and per
 * request
 *
 * 1. a PIPE_CONTROL that stalls and invalidates the TLBs and read caches
 *    (post-sync write to the status page's scratch dword, which a TLB
 *    invalidation needs),
 * 2. MI_BATCH_BUFFER_START of the batch, non-secure (Haswell: bit 8, the
 *    PPGTT select, and bit 13; before: bit 8; i915 hsw_emit_bb_start()
 *    and gen6_emit_bb_start()),
 * 3. i915's gen7_emit_breadcrumb_rcs(): a flushing PIPE_CONTROL that
 *    writes the request's seqno to status page dword I915_GEM_HWS_SEQNO,
 *    then MI_USER_INTERRUPT,
 *
 * then RING_TAIL moves past it. The user interrupt (GT bit 0, unmasked in
 * RING_IMR, GTIMR and GTIER) runs intel_oa_ring_irq() in the hard handler:
 * every request whose seqno the status page has reached is complete, its
 * fence signalled and its commands' ring space free again.
 *
 * The driver enables no PPGTT (GFX_MODE is left as reset), so the
 * "per-process" addresses of a non-secure batch go through the GGTT, as
 * they did under i915 with enable_ppgtt=0. Secure batches are not
 * offered. Sandy Bridge emits i915's gen6 sequences: its PIPE_CONTROLs
 * take the GGTT select in the address dword and each flush is preceded
 * by the stall-and-write workaround (gen6_emit_post_sync_nonzero_flush()).
 */

#define RING_SIZE		SZ_16K
/*
 * Dwords of one request, at most: Sandy Bridge's 28 (its workaround
 * flushes), Gen7's 12 plus Haswell's 24 of a context switch; an even
 * number of each so RING_TAIL is a qword.
 */
#define REQUEST_DWORDS		36

/**
 * struct intel_oa_request - one batch on the render ring
 * @fence: signalled when the status page shows @fence.seqno.
 * @link: in &intel_oa_legacy_ring.requests.
 * @tail: ring offset just past the request's commands.
 * @unloaded: the context this request switched away from, whose image
 *	the engine saves while running it (a reference, dropped when the
 *	request completes), or NULL.
 */
struct intel_oa_request {
	struct dma_fence fence;
	struct list_head link;
	u32 tail;
	struct intel_oa_hw_context *unloaded;
};

static u32 ring_hws_seqno(const struct intel_oa_legacy_ring *ring)
{
	return READ_ONCE(ring->hws[HWS_SEQNO]);
}

/* Complete every request the status page has reached; ring->lock held. */
static void ring_retire_locked(struct intel_oa_legacy_ring *ring, int error)
{
	u32 seqno = ring_hws_seqno(ring);
	struct intel_oa_request *rq, *next;

	list_for_each_entry_safe(rq, next, &ring->requests, link) {
		if (!error && (s32)(seqno - (u32)rq->fence.seqno) < 0)
			break;
		if (error)
			dma_fence_set_error(&rq->fence, error);
		ring->head = rq->tail;
		list_del(&rq->link);
		if (rq->unloaded)
			intel_oa_hw_context_put(rq->unloaded);
		dma_fence_signal_locked(&rq->fence);
		dma_fence_put(&rq->fence);
	}
	/* the engine has work while a request is on its ring */
	if (list_empty(&ring->requests))
		intel_oa_busy_set(&ring->oa->rcs_busy, false);
}

/* The hard interrupt handler's render user interrupt. */
static void intel_oa_ring_irq(struct intel_oa_device *oa)
{
	struct intel_oa_legacy_ring *ring = oa->rcs;
	unsigned long flags;

	spin_lock_irqsave(&ring->lock, flags);
	ring_retire_locked(ring, 0);
	spin_unlock_irqrestore(&ring->lock, flags);
}

/* Bytes free between @tail and the oldest request still running. */
static u32 ring_space(struct intel_oa_legacy_ring *ring)
{
	unsigned long flags;
	u32 head;

	spin_lock_irqsave(&ring->lock, flags);
	head = list_empty(&ring->requests) ? ring->tail : ring->head;
	spin_unlock_irqrestore(&ring->lock, flags);
	/* one qword stays free so a full ring is not an empty one */
	return (head - ring->tail - 8) & (ring->size - 1);
}

/* The oldest request's fence, with a reference, or NULL. */
static struct dma_fence *ring_oldest(struct intel_oa_legacy_ring *ring)
{
	struct intel_oa_request *rq;
	struct dma_fence *fence = NULL;
	unsigned long flags;

	spin_lock_irqsave(&ring->lock, flags);
	rq = list_first_entry_or_null(&ring->requests, struct intel_oa_request,
				      link);
	if (rq)
		fence = dma_fence_get(&rq->fence);
	spin_unlock_irqrestore(&ring->lock, flags);
	return fence;
}

/* Room for @bytes at the tail, without wrapping inside a request. */
static int ring_wait_space(struct intel_oa_legacy_ring *ring, u32 bytes)
{
	u32 need = bytes;
	struct dma_fence *fence;
	long ret;

	if (ring->tail + bytes > ring->size)
		need += ring->size - ring->tail;
	while (ring_space(ring) < need) {
		fence = ring_oldest(ring);
		if (!fence)
			break;
		ret = dma_fence_wait(fence, true);
		dma_fence_put(fence);
		if (ret)
			return ret;
	}
	if (ring->tail + bytes > ring->size) {
		memset32(ring->vaddr + ring->tail / 4, MI_NOOP,
			 (ring->size - ring->tail) / 4);
		ring->tail = 0;
	}
	return 0;
}

#define INVALIDATE_FLAGS	(PIPE_CONTROL_CS_STALL | PIPE_CONTROL_TLB_INVALIDATE | \
				 PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE | \
				 PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE | \
				 PIPE_CONTROL_VF_CACHE_INVALIDATE | \
				 PIPE_CONTROL_CONST_CACHE_INVALIDATE | \
				 PIPE_CONTROL_STATE_CACHE_INVALIDATE | \
				 PIPE_CONTROL_QW_WRITE)
#define FLUSH_FLAGS		(PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH | \
				 PIPE_CONTROL_DEPTH_CACHE_FLUSH | \
				 PIPE_CONTROL_DC_FLUSH_ENABLE | \
				 PIPE_CONTROL_QW_WRITE | PIPE_CONTROL_CS_STALL)

/*
 * Sandy Bridge's PIPE_CONTROL workaround before any flush (i915
 * gen6_emit_post_sync_nonzero_flush()): a stall, then a write.
 */
static u32 *gen6_emit_nonzero_flush(u32 *cs, u32 scratch)
{
	*cs++ = GFX_OP_PIPE_CONTROL(4);
	*cs++ = PIPE_CONTROL_CS_STALL | PIPE_CONTROL_STALL_AT_SCOREBOARD;
	*cs++ = 0;
	*cs++ = 0;
	*cs++ = GFX_OP_PIPE_CONTROL(4);
	*cs++ = PIPE_CONTROL_QW_WRITE;
	*cs++ = scratch | PIPE_CONTROL_GLOBAL_GTT;
	*cs++ = 0;
	return cs;
}

/* i915 gen6_emit_flush_rcs(), gen6_emit_bb_start(), gen6_emit_breadcrumb_rcs() */
static u32 *gen6_emit_request(u32 *cs, u32 hws, u32 batch, u32 seqno)
{
	cs = gen6_emit_nonzero_flush(cs, hws + HWS_SCRATCH * 4);
	*cs++ = GFX_OP_PIPE_CONTROL(4);
	*cs++ = INVALIDATE_FLAGS;
	*cs++ = (hws + HWS_SCRATCH * 4) | PIPE_CONTROL_GLOBAL_GTT;
	*cs++ = 0;

	*cs++ = MI_BATCH_BUFFER_START | MI_BATCH_NON_SECURE_I965;
	*cs++ = batch;

	cs = gen6_emit_nonzero_flush(cs, hws + HWS_SCRATCH * 4);
	*cs++ = GFX_OP_PIPE_CONTROL(4);
	*cs++ = FLUSH_FLAGS;
	*cs++ = (hws + HWS_SEQNO * 4) | PIPE_CONTROL_GLOBAL_GTT;
	*cs++ = seqno;

	*cs++ = MI_USER_INTERRUPT;
	*cs++ = MI_NOOP;
	return cs;
}

/*
 * i915 gen7_emit_flush_rcs(), hsw_emit_bb_start() or gen6_emit_bb_start(),
 * gen7_emit_breadcrumb_rcs(): Gen7 selects the GGTT in the flags dword.
 */
static u32 *gen7_emit_request(u32 *cs, u32 hws, u32 batch, u32 seqno,
			      bool hsw)
{
	*cs++ = GFX_OP_PIPE_CONTROL(4);
	*cs++ = INVALIDATE_FLAGS | PIPE_CONTROL_GLOBAL_GTT_IVB;
	*cs++ = hws + HWS_SCRATCH * 4;
	*cs++ = 0;

	*cs++ = MI_BATCH_BUFFER_START |
		(hsw ? MI_BATCH_PPGTT_HSW | MI_BATCH_NON_SECURE_HSW :
		       MI_BATCH_NON_SECURE_I965);
	*cs++ = batch;

	*cs++ = GFX_OP_PIPE_CONTROL(4);
	*cs++ = FLUSH_FLAGS | PIPE_CONTROL_FLUSH_ENABLE |
		PIPE_CONTROL_GLOBAL_GTT_IVB;
	*cs++ = hws + HWS_SEQNO * 4;
	*cs++ = seqno;

	*cs++ = MI_USER_INTERRUPT;
	*cs++ = MI_NOOP;
	return cs;
}

/*
 * i915 mi_set_context() on Haswell, with its workarounds: arbitration off
 * around MI_SET_CONTEXT (WaProgramMiArbOnOffAroundMiSetContext), the other
 * engines' sleep messages disabled meanwhile, MI_NOOP after it
 * (WaMiSetContext_Hang), and a register read back as a delay.
 */
static u32 *hsw_emit_set_context(u32 *cs, u32 ctx, u32 flags, u32 scratch)
{
	static const u32 others[] = { BCS_RING_PSMI_CTL, VCS_RING_PSMI_CTL,
				      VECS_RING_PSMI_CTL };
	unsigned int i;

	*cs++ = MI_ARB_ON_OFF | MI_ARB_DISABLE;
	*cs++ = MI_LOAD_REGISTER_IMM(ARRAY_SIZE(others));
	for (i = 0; i < ARRAY_SIZE(others); i++) {
		*cs++ = others[i];
		*cs++ = masked_bit_enable(GEN6_PSMI_SLEEP_MSG_DISABLE);
	}
	*cs++ = MI_NOOP;
	*cs++ = MI_SET_CONTEXT;
	*cs++ = ctx | flags;
	*cs++ = MI_NOOP;
	*cs++ = MI_LOAD_REGISTER_IMM(ARRAY_SIZE(others));
	for (i = 0; i < ARRAY_SIZE(others); i++) {
		*cs++ = others[i];
		*cs++ = masked_bit_disable(GEN6_PSMI_SLEEP_MSG_DISABLE);
	}
	*cs++ = MI_STORE_REGISTER_MEM | MI_SRM_LRM_GLOBAL_GTT;
	*cs++ = others[ARRAY_SIZE(others) - 1];
	*cs++ = scratch;
	*cs++ = MI_NOOP;
	*cs++ = MI_ARB_ON_OFF | MI_ARB_ENABLE;
	return cs;
}

static u32 *ring_emit(struct intel_oa_legacy_ring *ring, u32 batch, u32 seqno,
		      struct intel_oa_hw_context *ctx)
{
	const struct intel_oa_gen_desc *gen = ring->oa->gen;
	u32 *cs = ring->vaddr + ring->tail / 4;
	u32 hws = ring->hws_node.start;

	/* i915 switch_context(): restore what the engine saved before */
	if (ctx && ctx != ring->loaded) {
		cs = hsw_emit_set_context(cs, ctx->node.start,
					  MI_SAVE_EXT_STATE_EN |
					  MI_MM_SPACE_GTT |
					  (ctx->valid ? MI_RESTORE_EXT_STATE_EN :
							MI_RESTORE_INHIBIT),
					  hws + HWS_SCRATCH * 4);
		ctx->valid = true;
	}
	if (gen->graphics_ver == 6)
		return gen6_emit_request(cs, hws, batch, seqno);
	return gen7_emit_request(cs, hws, batch, seqno,
				 gen->graphics_rel == 5);
}

/**
 * intel_oa_ring_submit - run a batch on the render engine
 * @oa: device with a render ring (&intel_oa_device.rcs)
 * @batch: GGTT address of the batch's first command
 * @ctx: the context image to run it in (Haswell), or NULL
 *
 * Return: the request's fence (a reference for the caller), signalled
 * when the batch and its flush have completed, or an ERR_PTR:
 * -ERESTARTSYS while waiting for ring space, -ENOMEM, -ENODEV when the
 * device is gone.
 */
struct dma_fence *intel_oa_ring_submit(struct intel_oa_device *oa, u64 batch,
				       struct intel_oa_hw_context *ctx)
{
	struct intel_oa_legacy_ring *ring = oa->rcs;
	struct intel_oa_request *rq;
	unsigned long flags;
	u32 *cs;
	int ret;

	rq = kzalloc(sizeof(*rq), GFP_KERNEL);
	if (!rq)
		return ERR_PTR(-ENOMEM);

	mutex_lock(&ring->submit_lock);
	ret = ring_wait_space(ring, REQUEST_DWORDS * 4);
	if (ret)
		goto err;
	ret = intel_oa_forcewake_get(oa);
	if (ret)
		goto err;

	dma_fence_init(&rq->fence, &intel_oa_rcs_fence_ops, &ring->lock,
		       ring->fence_context, ring->next_seqno++);
	cs = ring_emit(ring, lower_32_bits(batch), rq->fence.seqno, ctx);
	if (ctx && ctx != ring->loaded) {
		/* the engine saves the previous context while this runs */
		rq->unloaded = ring->loaded;
		ring->loaded = intel_oa_hw_context_get(ctx);
	}
	rq->tail = (u8 *)cs - (u8 *)ring->vaddr;
	if (rq->tail == ring->size)
		rq->tail = 0;
	ring->tail = rq->tail;

	/* the ring's list holds one reference, the caller the other */
	dma_fence_get(&rq->fence);
	spin_lock_irqsave(&ring->lock, flags);
	list_add_tail(&rq->link, &ring->requests);
	intel_oa_busy_set(&oa->rcs_busy, true);
	spin_unlock_irqrestore(&ring->lock, flags);

	/* The commands are in coherent memory: order them before the tail. */
	wmb();
	intel_oa_write(oa, RCS_RING_TAIL, ring->tail);
	intel_oa_forcewake_put(oa);
	mutex_unlock(&ring->submit_lock);
	return &rq->fence;

err:
	mutex_unlock(&ring->submit_lock);
	kfree(rq);
	return ERR_PTR(ret);
}

/* xcs_resume(): stop, point at the status page and ring, start. */
static int ring_start(struct intel_oa_legacy_ring *ring)
{
	struct intel_oa_device *oa = ring->oa;
	int ret;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;
	intel_oa_write(oa, RCS_RING_CTL, 0);
	intel_oa_write(oa, RCS_RING_HEAD, 0);
	intel_oa_write(oa, RCS_RING_TAIL, 0);

	intel_oa_write(oa, RENDER_HWS_PGA_GEN7, ring->hws_node.start);
	intel_oa_read(oa, RENDER_HWS_PGA_GEN7);

	intel_oa_write(oa, RCS_RING_START, ring->node.start);
	intel_oa_write(oa, RCS_RING_HEAD, 0);
	intel_oa_write(oa, RCS_RING_TAIL, 0);
	intel_oa_read(oa, RCS_RING_TAIL);
	intel_oa_write(oa, RCS_RING_CTL, RING_CTL_SIZE(ring->size) | RING_VALID);

	/* i915 waits 50 ms for the engine to take the ring */
	ret = intel_oa_wait_for_register(oa, RCS_RING_CTL, RING_VALID,
					 RING_VALID, 50);
	if (!ret && (intel_oa_read(oa, RCS_RING_START) != ring->node.start ||
		     intel_oa_read(oa, RCS_RING_HEAD) & RING_HEAD_ADDR))
		ret = -EIO;
	if (ret) {
		drm_err(&oa->drm,
			"render ring did not start: RING_CTL 0x%08x RING_START 0x%08x RING_HEAD 0x%08x\n",
			intel_oa_read(oa, RCS_RING_CTL),
			intel_oa_read(oa, RCS_RING_START),
			intel_oa_read(oa, RCS_RING_HEAD));
	} else {
		intel_oa_write(oa, RCS_RING_MI_MODE,
			       masked_bit_disable(RING_STOP_RING));
		intel_oa_write(oa, RCS_RING_IMR, ~GT_RENDER_USER_INTERRUPT);
	}
	intel_oa_forcewake_put(oa);
	return ret;
}

/* intel_engine_stop_cs(): stop fetching, then turn the ring off. */
static void ring_stop(struct intel_oa_legacy_ring *ring)
{
	struct intel_oa_device *oa = ring->oa;
	unsigned long flags;
	bool awake;

	if (!intel_oa_device_gone(oa)) {
		awake = !intel_oa_forcewake_get(oa);
		intel_oa_write(oa, RCS_RING_MI_MODE,
			       masked_bit_enable(RING_STOP_RING));
		if (intel_oa_wait_for_register(oa, RCS_RING_MI_MODE,
					       RING_MODE_IDLE, RING_MODE_IDLE,
					       50))
			drm_dbg(&oa->drm, "render ring did not go idle\n");
		intel_oa_write(oa, RCS_RING_IMR, ~0u);
		intel_oa_write(oa, RCS_RING_CTL, 0);
		if (awake)
			intel_oa_forcewake_put(oa);
	}

	/* whatever did not complete never will */
	spin_lock_irqsave(&ring->lock, flags);
	ring_retire_locked(ring, -ENODEV);
	spin_unlock_irqrestore(&ring->lock, flags);
}

static void ring_fini(void *arg)
{
	struct intel_oa_legacy_ring *ring = arg;
	struct intel_oa_device *oa = ring->oa;
	struct device *dev = &oa->pdev->dev;

	oa->submit = NULL;
	ring_stop(ring);
	oa->irq_user_event = NULL;
	intel_oa_irq_sync(oa);
	oa->rcs = NULL;
	if (ring->loaded)
		intel_oa_hw_context_put(ring->loaded);
	intel_oa_ggtt_release(oa, &ring->node);
	intel_oa_ggtt_release(oa, &ring->hws_node);
	dma_free_coherent(dev, ring->size, ring->vaddr, ring->dma);
	dma_free_coherent(dev, PAGE_SIZE, ring->hws, ring->hws_dma);
	mutex_destroy(&ring->submit_lock);
	kfree(ring);
}

/**
 * intel_oa_ring_init - set up and start the render engine's ring
 * @oa: device with its GGTT allocator and interrupt installed
 *
 * Torn down by a devres action of the PCI device, which stops the engine
 * and fails whatever it had not completed with -ENODEV.
 *
 * Return: 0, -ENOMEM, -ENOSPC (no GGTT room), -ETIMEDOUT or -EIO (the
 * engine did not take the ring).
 */
int intel_oa_ring_init(struct intel_oa_device *oa)
{
	struct device *dev = &oa->pdev->dev;
	struct intel_oa_legacy_ring *ring;
	int ret;

	ring = kzalloc(sizeof(*ring), GFP_KERNEL);
	if (!ring)
		return -ENOMEM;
	ring->oa = oa;
	ring->size = RING_SIZE;
	mutex_init(&ring->submit_lock);
	spin_lock_init(&ring->lock);
	INIT_LIST_HEAD(&ring->requests);
	ring->fence_context = dma_fence_context_alloc(1);
	ring->next_seqno = 1;

	ring->vaddr = dma_alloc_coherent(dev, ring->size, &ring->dma,
					 GFP_KERNEL);
	ring->hws = dma_alloc_coherent(dev, PAGE_SIZE, &ring->hws_dma,
				       GFP_KERNEL);
	if (!ring->vaddr || !ring->hws) {
		ret = -ENOMEM;
		goto err_free;
	}
	ret = intel_oa_ggtt_map_dma(oa, &ring->node, ring->dma,
				    ring->size / PAGE_SIZE);
	if (ret)
		goto err_free;
	ret = intel_oa_ggtt_map_dma(oa, &ring->hws_node, ring->hws_dma, 1);
	if (ret)
		goto err_unmap;

	oa->rcs = ring;
	oa->irq_user_event = intel_oa_ring_irq;
	ret = ring_start(ring);
	if (ret)
		goto err_stop;
	intel_oa_gen7_irq_user_unmask(oa);
	oa->submit = intel_oa_ring_submit;

	return devm_add_action_or_reset(dev, ring_fini, ring);

err_stop:
	oa->irq_user_event = NULL;
	intel_oa_irq_sync(oa);
	oa->rcs = NULL;
	intel_oa_ggtt_release(oa, &ring->hws_node);
err_unmap:
	intel_oa_ggtt_release(oa, &ring->node);
err_free:
	if (ring->vaddr)
		dma_free_coherent(dev, ring->size, ring->vaddr, ring->dma);
	if (ring->hws)
		dma_free_coherent(dev, PAGE_SIZE, ring->hws, ring->hws_dma);
	mutex_destroy(&ring->submit_lock);
	kfree(ring);
	return ret;
}
