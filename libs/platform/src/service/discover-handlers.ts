import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';

export interface DiscoveredMethod<M> {
  metadata: M;
  call: (...args: unknown[]) => Promise<unknown>;
  where: string;
}

/** Every provider method in the app carrying `key` metadata (set by SetMetadata-based decorators). */
export function discoverMethods<M>(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
  key: string,
): DiscoveredMethod<M>[] {
  const found: DiscoveredMethod<M>[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const method = instance[name] as (...args: unknown[]) => Promise<unknown>;
      const metadata = reflector.get<M | undefined>(key, method);
      if (metadata === undefined) continue;
      found.push({ metadata, call: method.bind(instance), where: `${instance.constructor.name}.${name}` });
    }
  }
  return found;
}
