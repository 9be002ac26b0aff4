using System.Collections;
using System.Collections.Generic;
using Skyward.Data;
using UnityEngine;
using UnityEngine.AddressableAssets;
using UnityEngine.ResourceManagement.AsyncOperations;

namespace Skyward.Enemies
{
    public sealed class EnemySpawner : MonoBehaviour
    {
        [SerializeField] private LevelDefinition level;
        [SerializeField] private Transform[] spawnPoints;
        [SerializeField] private Transform player;
        [SerializeField] private float interval = 4f;

        private readonly List<AsyncOperationHandle<GameObject>> _handles = new();

        public int SpawnedCount { get; private set; }

        private IEnumerator Start()
        {
            var wait = new WaitForSeconds(interval);
            foreach (EnemyDefinition def in level.Enemies)
            {
                Transform point = spawnPoints[SpawnedCount % spawnPoints.Length];
                AsyncOperationHandle<GameObject> handle = def.Prefab.InstantiateAsync(point.position, point.rotation);
                _handles.Add(handle);
                yield return handle;
                handle.Result.GetComponent<EnemyAI>().Init(def, player);
                SpawnedCount++;
                yield return wait;
            }
        }

        private void OnDestroy()
        {
            foreach (var handle in _handles)
                if (handle.IsValid()) Addressables.ReleaseInstance(handle);
        }
    }
}
