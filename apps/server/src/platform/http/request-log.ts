import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per answered request, holding what Fastify would write in two (the request on
 * arrival, the status and time on completion): a search is a few milliseconds, and each line is a
 * measurable share of it.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {
    // Logged with its outcome, in requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
