using UnityEngine;

namespace Skyward.Data
{
    [CreateAssetMenu(menuName = "Skyward/Weapon Definition", fileName = "WeaponDefinition")]
    public sealed class WeaponDefinition : ScriptableObject
    {
        public string weaponName;
        public int damage = 1;
        public float cooldown = 0.4f;
        public GameObject projectilePrefab;
    }
}
