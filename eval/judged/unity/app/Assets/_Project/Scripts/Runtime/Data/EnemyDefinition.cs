using UnityEngine;
using UnityEngine.AddressableAssets;

namespace Skyward.Data
{
    [CreateAssetMenu(menuName = "Skyward/Enemy Definition", fileName = "EnemyDefinition")]
    public sealed class EnemyDefinition : ScriptableObject
    {
        [SerializeField] private string displayName;
        [SerializeField, Min(1)] private int maxHealth = 3;
        [SerializeField] private float moveSpeed = 3f;
        [SerializeField] private float aggroRadius = 8f;
        [SerializeField] private int contactDamage = 1;
        [SerializeField] private AssetReferenceGameObject prefab;

        public string DisplayName => displayName;
        public int MaxHealth => maxHealth;
        public float MoveSpeed => moveSpeed;
        public float AggroRadius => aggroRadius;
        public int ContactDamage => contactDamage;
        public AssetReferenceGameObject Prefab => prefab;
    }
}
