// SPDX-License-Identifier: GPL-2.0
/*
 * Submission on Gen8 and later: the render engine's execlists and the
 * requests whose fences the context status buffer completes.
 */

#include <linux/bitfield.h>
#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: execlists
 *
 * Gen8 and later run batches the way i915's execlist submission does
 * (i915 gt/intel_execlists_submission.c, gen8_engine_cs.c), with the
 * differences between generations as data (&intel_oa_lrc_desc):
 *
 * - Every GEM context has a logical ring context (intel_oa_hw_context.c,
 *   DOC "logical ring contexts") with its own ring, in its GEM VM's PPGTT.
 * - A request is, in the context's ring, i915's gen8_emit_flush_rcs()
 *   invalidation, gen8_emit_bb_start() (the batch non-secure, in the
 *   PPGTT), and gen8_emit_fini_breadcrumb_rcs()'s flush and seqno write to
 *   the engine's status page.
 * - The engine runs one request at a time: the oldest is submitted as
 *   element 0 (element 1 empty) with the context image's RING_TAIL moved
 *   past it, through the ELSP on Gen8/9, through the submission queue
 *   and EL_CTRL_LOAD from Gen11 on. Its completion is the CSB entry that
 *   says so (Gen8-11: the complete bit; Gen12: an entry switching away
 *   from it and not to a new queue, i915's gen12_csb_parse()), which the
 *   context-switch interrupt (bit 8 of the render engine's interrupt
 *   vector: GT bank 0 on Gen8/9, the RCS0 identity from Gen11 on) brings
 *   to intel_oa_el_irq() in the hard handler; it signals the request's
 *   fence, frees its ring space and submits the next.
 * - Requests are Gen8's form on every generation: PIPE_CONTROLs writing
 *   through the GGTT, which later generations execute alike (i915's
 *   Gen11/12 forms add cache and AUX-table invalidations the virtual GPU
 *   has nothing for).
 *
 * Not done: preemption, lite restore (a second ELSP element), hang
 * detection and reset.
 */

/* dwords of one request at most, even so RING_TAIL is a qword */
#define LRC_REQUEST_DWORDS	32

/**
 * struct intel_oa_el_request - one batch in the execlists
 * @fence: signalled when its context's completion is in the CSB.
 * @link: in &intel_oa_execlists.requests.
 * @ctx: its context (a reference).
 * @tail: the context's ring offset just past the request.
 */
struct intel_oa_el_request {
	struct dma_fence fence;
	struct list_head link;
	struct intel_oa_hw_context *ctx;
	u32 tail;
};

/* Put the oldest request in the ELSP or ELSQ; el->lock held, engine idle. */
static void el_submit_locked(struct intel_oa_execlists *el)
{
	struct intel_oa_device *oa = el->oa;
	struct intel_oa_el_request *rq;
	u64 desc;

	rq = list_first_entry_or_null(&el->requests,
				      struct intel_oa_el_request, link);
	if (!rq || el->active)
		return;
	intel_oa_lrc_set_tail(rq->ctx, rq->tail);
	desc = intel_oa_lrc_descriptor(rq->ctx);
	/* the image and ring are coherent memory: before the submission */
	wmb();
	if (intel_oa_forcewake_get(oa))
		return;
	el->active = true;
	intel_oa_busy_set(&oa->rcs_busy, true);
	if (oa->gen->lrc->elsq) {
		/* i915 write_desc(): element 1 empty, element 0, then load */
		intel_oa_write(oa, RCS_RING_EXECLIST_SQ_CONTENTS + 8, 0);
		intel_oa_write(oa, RCS_RING_EXECLIST_SQ_CONTENTS + 12, 0);
		intel_oa_write(oa, RCS_RING_EXECLIST_SQ_CONTENTS,
			       lower_32_bits(desc));
		intel_oa_write(oa, RCS_RING_EXECLIST_SQ_CONTENTS + 4,
			       upper_32_bits(desc));
		intel_oa_write(oa, RCS_RING_EXECLIST_CONTROL, EL_CTRL_LOAD);
	} else {
		/* element 1 empty, then element 0; its low dword submits */
		intel_oa_write(oa, RCS_RING_ELSP, 0);
		intel_oa_write(oa, RCS_RING_ELSP, 0);
		intel_oa_write(oa, RCS_RING_ELSP, upper_32_bits(desc));
		intel_oa_write(oa, RCS_RING_ELSP, lower_32_bits(desc));
	}
	intel_oa_forcewake_put(oa);
}

/* Complete the active request with @error; el->lock held. */
static void el_retire_locked(struct intel_oa_execlists *el, int error)
{
	struct intel_oa_el_request *rq;

	rq = list_first_entry_or_null(&el->requests,
				      struct intel_oa_el_request, link);
	if (!rq)
		return;
	el->active = false;
	intel_oa_busy_set(&el->oa->rcs_busy, false);
	if (error)
		dma_fence_set_error(&rq->fence, error);
	rq->ctx->ring_head = rq->tail;
	intel_oa_lrc_saved(rq->ctx);
	list_del(&rq->link);
	dma_fence_signal_locked(&rq->fence);
	intel_oa_hw_context_put(rq->ctx);
	dma_fence_put(&rq->fence);
}

/*
 * Whether the CSB entry (@lo, @hi) completes the running context (i915
 * process_csb(): an entry that does not promote the pending submission).
 */
static bool el_csb_completes(const struct intel_oa_lrc_desc *lrc, u32 lo,
			     u32 hi)
{
	switch (lrc->csb_format) {
	case INTEL_OA_CSB_GEN12:
		/* __gen12_csb_parse(): away from a context, to no new queue */
		return FIELD_GET(GEN12_CSB_SW_CTX_ID_MASK, hi) !=
		       GEN12_IDLE_CTX_ID &&
		       !(lo & GEN12_CTX_STATUS_SWITCHED_TO_NEW_QUEUE);
	case INTEL_OA_CSB_XEHP:
		return FIELD_GET(XEHP_CSB_SW_CTX_ID_MASK, hi) !=
		       XEHP_IDLE_CTX_ID &&
		       !(hi & XEHP_CTX_STATUS_SWITCHED_TO_NEW_QUEUE);
	default:
		return lo & (GEN8_CTX_STATUS_COMPLETE |
			     GEN8_CTX_STATUS_PREEMPTED);
	}
}

/* The hard interrupt handler's context-switch event: read the CSB. */
static void intel_oa_el_irq(struct intel_oa_device *oa)
{
	const struct intel_oa_lrc_desc *lrc = oa->gen->lrc;
	struct intel_oa_execlists *el = oa->el;
	unsigned int n = lrc->csb_entries;
	/* i915 GEN8_CSB_PTR_MASK, GEN11_CSB_PTR_MASK */
	u32 ptr_mask = n > GEN8_CSB_ENTRIES ? 0xf : 0x7;
	unsigned long flags;
	unsigned int wp;

	spin_lock_irqsave(&el->lock, flags);
	wp = READ_ONCE(el->hws[lrc->hws_csb_write]);
	if (wp >= n) {
		spin_unlock_irqrestore(&el->lock, flags);
		return;
	}
	/* the entries after the pointer */
	rmb();
	while (el->csb_head != wp) {
		const u32 *entry;

		el->csb_head = (el->csb_head + 1) % n;
		entry = &el->hws[HWS_CSB_BUF0 + 2 * el->csb_head];
		if (el_csb_completes(lrc, READ_ONCE(entry[0]),
				     READ_ONCE(entry[1])))
			el_retire_locked(el, 0);
	}
	if (!intel_oa_forcewake_get(oa)) {
		intel_oa_write(oa, RCS_RING_CONTEXT_STATUS_PTR,
			       (ptr_mask << GEN8_CSB_READ_PTR_SHIFT) << 16 |
			       el->csb_head << GEN8_CSB_READ_PTR_SHIFT);
		intel_oa_forcewake_put(oa);
	}
	el_submit_locked(el);
	spin_unlock_irqrestore(&el->lock, flags);
}

/* Bytes free in @ctx's ring between ring_tail and its oldest request. */
static u32 lrc_ring_space(struct intel_oa_execlists *el,
			  struct intel_oa_hw_context *ctx,
			  struct dma_fence **oldest)
{
	struct intel_oa_el_request *rq;
	unsigned long flags;
	u32 head = ctx->ring_tail;

	*oldest = NULL;
	spin_lock_irqsave(&el->lock, flags);
	list_for_each_entry(rq, &el->requests, link) {
		if (rq->ctx == ctx) {
			head = ctx->ring_head;
			*oldest = dma_fence_get(&rq->fence);
			break;
		}
	}
	spin_unlock_irqrestore(&el->lock, flags);
	return (head - ctx->ring_tail - 8) & (INTEL_OA_LRC_RING_SIZE - 1);
}

/* Room for @bytes at @ctx's ring tail, without wrapping in a request. */
static int lrc_ring_wait_space(struct intel_oa_execlists *el,
			       struct intel_oa_hw_context *ctx, u32 bytes)
{
	u32 need = bytes;
	struct dma_fence *fence;
	long ret;

	if (ctx->ring_tail + bytes > INTEL_OA_LRC_RING_SIZE)
		need += INTEL_OA_LRC_RING_SIZE - ctx->ring_tail;
	while (lrc_ring_space(el, ctx, &fence) < need) {
		if (!fence)
			break;
		ret = dma_fence_wait(fence, true);
		dma_fence_put(fence);
		if (ret)
			return ret;
	}
	if (fence)
		dma_fence_put(fence);
	if (ctx->ring_tail + bytes > INTEL_OA_LRC_RING_SIZE) {
		memset32(ctx->ring + ctx->ring_tail / 4, MI_NOOP,
			 (INTEL_OA_LRC_RING_SIZE - ctx->ring_tail) / 4);
		ctx->ring_tail = 0;
	}
	return 0;
}

static u32 *gen8_emit_pipe_control(u32 *cs, u32 flags, u32 addr, u32 data)
{
	*cs++ = GFX_OP_PIPE_CONTROL(6);
	*cs++ = flags;
	*cs++ = addr;
	*cs++ = 0;
	*cs++ = data;
	*cs++ = 0;
	return cs;
}

/*
 * i915's gen8 request: invalidate, @body (@n dwords: the batch start, or
 * the LRI of intel_oa_lrc_load_regs()), flush and breadcrumb.
 */
static u32 *lrc_emit_request(struct intel_oa_execlists *el, u32 *cs,
			     const u32 *body, unsigned int n, u32 seqno)
{
	u32 hws = el->hws_node.start;
	u32 *start = cs;

	/* gen8_emit_flush_rcs(EMIT_INVALIDATE) */
	cs = gen8_emit_pipe_control(cs, PIPE_CONTROL_CS_STALL |
				    PIPE_CONTROL_TLB_INVALIDATE |
				    PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE |
				    PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE |
				    PIPE_CONTROL_VF_CACHE_INVALIDATE |
				    PIPE_CONTROL_CONST_CACHE_INVALIDATE |
				    PIPE_CONTROL_STATE_CACHE_INVALIDATE |
				    PIPE_CONTROL_QW_WRITE |
				    PIPE_CONTROL_GLOBAL_GTT_IVB,
				    hws + HWS_SCRATCH * 4, 0);
	memcpy(cs, body, n * sizeof(*cs));
	cs += n;
	/* gen8_emit_fini_breadcrumb_rcs() */
	cs = gen8_emit_pipe_control(cs, PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH |
				    PIPE_CONTROL_DEPTH_CACHE_FLUSH |
				    PIPE_CONTROL_DC_FLUSH_ENABLE |
				    PIPE_CONTROL_QW_WRITE |
				    PIPE_CONTROL_GLOBAL_GTT_IVB,
				    hws + HWS_SEQNO * 4, seqno);
	cs = gen8_emit_pipe_control(cs, PIPE_CONTROL_FLUSH_ENABLE |
				    PIPE_CONTROL_CS_STALL, 0, 0);
	*cs++ = MI_ARB_ON_OFF | MI_ARB_ENABLE;
	if ((cs - start) & 1)
		*cs++ = MI_NOOP;
	return cs;
}

/*
 * el_request - put a request of @body (@n dwords) on @ctx's ring and
 * submit it
 *
 * Return: its fence (a reference), or ERR_PTR(-ENOMEM), -ERESTARTSYS
 * (waiting for ring space), -ENODEV (the device is gone).
 */
static struct dma_fence *el_request(struct intel_oa_device *oa,
				    struct intel_oa_hw_context *ctx,
				    const u32 *body, unsigned int n)
{
	struct intel_oa_execlists *el = oa->el;
	struct intel_oa_el_request *rq;
	unsigned long flags;
	u32 *cs;
	int ret;

	rq = kzalloc(sizeof(*rq), GFP_KERNEL);
	if (!rq)
		return ERR_PTR(-ENOMEM);

	mutex_lock(&el->submit_lock);
	ret = lrc_ring_wait_space(el, ctx, LRC_REQUEST_DWORDS * 4);
	if (ret)
		goto err;
	if (intel_oa_device_gone(oa)) {
		ret = -ENODEV;
		goto err;
	}
	dma_fence_init(&rq->fence, &intel_oa_rcs_fence_ops, &el->lock,
		       el->fence_context, el->next_seqno++);
	cs = lrc_emit_request(el, ctx->ring + ctx->ring_tail / 4, body, n,
			      rq->fence.seqno);
	rq->tail = (u8 *)cs - (u8 *)ctx->ring;
	if (rq->tail == INTEL_OA_LRC_RING_SIZE)
		rq->tail = 0;
	ctx->ring_tail = rq->tail;
	rq->ctx = intel_oa_hw_context_get(ctx);

	/* the list holds one reference, the caller the other */
	dma_fence_get(&rq->fence);
	spin_lock_irqsave(&el->lock, flags);
	list_add_tail(&rq->link, &el->requests);
	el_submit_locked(el);
	spin_unlock_irqrestore(&el->lock, flags);
	mutex_unlock(&el->submit_lock);
	return &rq->fence;

err:
	mutex_unlock(&el->submit_lock);
	kfree(rq);
	return ERR_PTR(ret);
}

/**
 * intel_oa_el_submit - run a batch in a context (&intel_oa_device.submit)
 * @oa: device with execlists
 * @batch: the batch's address in the context's PPGTT
 * @ctx: the context (a logical ring context)
 *
 * Return: the request's fence (a reference), or ERR_PTR(-ENOMEM),
 * -ERESTARTSYS (waiting for ring space), -ENODEV (the device is gone).
 */
static struct dma_fence *intel_oa_el_submit(struct intel_oa_device *oa,
					    u64 batch,
					    struct intel_oa_hw_context *ctx)
{
	/* gen8_emit_bb_start(): non-secure, in the PPGTT */
	const u32 body[] = {
		MI_ARB_ON_OFF | MI_ARB_ENABLE,
		MI_BATCH_BUFFER_START_GEN8 | BIT(8),
		lower_32_bits(batch),
		upper_32_bits(batch),
		MI_ARB_ON_OFF | MI_ARB_DISABLE,
		MI_NOOP,
	};

	if (!ctx || !ctx->ring)
		return ERR_PTR(-EINVAL);
	return el_request(oa, ctx, body, ARRAY_SIZE(body));
}

/* the longest LRI intel_oa_lrc_load_regs() takes */
#define LRC_LOAD_REGS_MAX	4

/**
 * intel_oa_lrc_load_regs - load registers in a context, as it runs
 * @oa: device with execlists
 * @ctx: a logical ring context
 * @regs: @n (register, value) pairs, one after the other
 * @n: how many pairs, at most 4
 * @intr: the wait for the request may be interrupted by a signal
 *
 * i915's gen8_modify_self(): a request on @ctx itself whose ring loads
 * the registers with MI_LOAD_REGISTER_IMM, so they become the context's
 * state and its image holds them from the next save on. Waits for the
 * request, which runs after the context's earlier batches, for up to ten
 * seconds (the driver detects no hangs).
 *
 * Return: 0, -EINVAL (too many), -ENOMEM, -ENODEV (the device is gone),
 * -ERESTARTSYS (@intr), -ETIMEDOUT or the request's error.
 */
int intel_oa_lrc_load_regs(struct intel_oa_device *oa,
			   struct intel_oa_hw_context *ctx,
			   const u32 *regs, unsigned int n, bool intr)
{
	u32 body[2 + 2 * LRC_LOAD_REGS_MAX];
	struct dma_fence *fence;
	unsigned int i, len = 0;
	long left;
	int ret;

	if (!oa->el || !ctx->ring || !n || n > LRC_LOAD_REGS_MAX)
		return -EINVAL;
	body[len++] = MI_LOAD_REGISTER_IMM(n);
	for (i = 0; i < 2 * n; i++)
		body[len++] = regs[i];
	body[len++] = MI_NOOP;
	fence = el_request(oa, ctx, body, len);
	if (IS_ERR(fence))
		return PTR_ERR(fence);
	left = dma_fence_wait_timeout(fence, intr, 10 * HZ);
	ret = left > 0 ? fence->error : left ?: -ETIMEDOUT;
	dma_fence_put(fence);
	return ret;
}

/* execlists_resume(): status page, execlist mode, CSB pointers, IMR. */
static int el_start(struct intel_oa_execlists *el)
{
	struct intel_oa_device *oa = el->oa;
	const struct intel_oa_lrc_desc *lrc = oa->gen->lrc;
	const unsigned int reset = lrc->csb_entries - 1;
	int ret;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;
	intel_oa_write(oa, RCS_RING_HWS_PGA, el->hws_node.start);
	intel_oa_read(oa, RCS_RING_HWS_PGA);
	intel_oa_write(oa, RCS_RING_MODE_GEN7,
		       masked_bit_enable(lrc->run_list_mode));
	intel_oa_write(oa, RCS_RING_MI_MODE,
		       masked_bit_disable(RING_STOP_RING));
	/* reset_csb_pointers(): the engine writes entry 0 first */
	el->csb_head = reset;
	el->hws[lrc->hws_csb_write] = reset;
	intel_oa_write(oa, RCS_RING_CONTEXT_STATUS_PTR,
		       0xffff << 16 | reset << GEN8_CSB_READ_PTR_SHIFT | reset);
	intel_oa_write(oa, RCS_RING_IMR, ~GT_CONTEXT_SWITCH_INTERRUPT);
	if (!(intel_oa_read(oa, RCS_RING_MODE_GEN7) & lrc->run_list_mode)) {
		drm_err(&oa->drm,
			"render engine did not enter execlist mode: RING_MODE 0x%08x\n",
			intel_oa_read(oa, RCS_RING_MODE_GEN7));
		ret = -EIO;
	}
	intel_oa_forcewake_put(oa);
	return ret;
}

/* Stop the engine and fail what it had not completed. */
static void el_stop(struct intel_oa_execlists *el)
{
	struct intel_oa_device *oa = el->oa;
	unsigned long flags;
	bool awake;

	if (!intel_oa_device_gone(oa)) {
		awake = !intel_oa_forcewake_get(oa);
		intel_oa_write(oa, RCS_RING_MI_MODE,
			       masked_bit_enable(RING_STOP_RING));
		intel_oa_write(oa, RCS_RING_IMR, ~0u);
		intel_oa_write(oa, RCS_RING_MODE_GEN7,
			       masked_bit_disable(oa->gen->lrc->run_list_mode));
		if (awake)
			intel_oa_forcewake_put(oa);
	}
	spin_lock_irqsave(&el->lock, flags);
	while (!list_empty(&el->requests))
		el_retire_locked(el, -ENODEV);
	spin_unlock_irqrestore(&el->lock, flags);
}

static void el_fini(void *arg)
{
	struct intel_oa_execlists *el = arg;
	struct intel_oa_device *oa = el->oa;

	oa->submit = NULL;
	el_stop(el);
	oa->irq_user_event = NULL;
	intel_oa_irq_sync(oa);
	oa->el = NULL;
	intel_oa_ggtt_release(oa, &el->hws_node);
	dma_free_coherent(&oa->pdev->dev, PAGE_SIZE, el->hws, el->hws_dma);
	mutex_destroy(&el->submit_lock);
	kfree(el);
}

/**
 * intel_oa_el_init - start the render engine's execlists
 * @oa: device with its GGTT allocator and interrupt installed
 *
 * Torn down by a devres action of the PCI device, which stops the engine
 * and fails whatever it had not completed with -ENODEV.
 *
 * Return: 0, -ENOMEM, -ENOSPC (no GGTT room), -ETIMEDOUT (forcewake) or
 * -EIO (the engine did not enter execlist mode).
 */
int intel_oa_el_init(struct intel_oa_device *oa)
{
	struct intel_oa_execlists *el;
	int ret;

	el = kzalloc(sizeof(*el), GFP_KERNEL);
	if (!el)
		return -ENOMEM;
	el->oa = oa;
	mutex_init(&el->submit_lock);
	spin_lock_init(&el->lock);
	INIT_LIST_HEAD(&el->requests);
	el->fence_context = dma_fence_context_alloc(1);
	el->next_seqno = 1;
	el->hws = dma_alloc_coherent(&oa->pdev->dev, PAGE_SIZE, &el->hws_dma,
				     GFP_KERNEL);
	if (!el->hws) {
		ret = -ENOMEM;
		goto err_free;
	}
	ret = intel_oa_ggtt_map_dma(oa, &el->hws_node, el->hws_dma, 1);
	if (ret)
		goto err_hws;

	oa->el = el;
	oa->irq_user_event = intel_oa_el_irq;
	ret = el_start(el);
	if (ret)
		goto err_stop;
	oa->ops->irq_cs_unmask(oa);
	oa->submit = intel_oa_el_submit;
	return devm_add_action_or_reset(&oa->pdev->dev, el_fini, el);

err_stop:
	oa->irq_user_event = NULL;
	intel_oa_irq_sync(oa);
	oa->el = NULL;
	intel_oa_ggtt_release(oa, &el->hws_node);
err_hws:
	dma_free_coherent(&oa->pdev->dev, PAGE_SIZE, el->hws, el->hws_dma);
err_free:
	mutex_destroy(&el->submit_lock);
	kfree(el);
	return ret;
}
