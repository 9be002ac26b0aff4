using System;
using System.Collections.Generic;

namespace Skyward.Core
{
    /// <summary>Minimal pool used for projectiles and VFX.</summary>
    public sealed class ObjectPool<T> where T : class
    {
        private readonly Stack<T> _free = new();
        private readonly Func<T> _create;
        private readonly Action<T> _onGet;
        private readonly Action<T> _onRelease;

        public ObjectPool(Func<T> create, Action<T> onGet = null, Action<T> onRelease = null, int prewarm = 0)
        {
            _create = create ?? throw new ArgumentNullException(nameof(create));
            _onGet = onGet;
            _onRelease = onRelease;
            for (int i = 0; i < prewarm; i++) _free.Push(_create());
        }

        public int CountInactive => _free.Count;

        public T Get()
        {
            T item = _free.Count > 0 ? _free.Pop() : _create();
            _onGet?.Invoke(item);
            return item;
        }

        public void Release(T item)
        {
            _onRelease?.Invoke(item);
            _free.Push(item);
        }
    }
}
